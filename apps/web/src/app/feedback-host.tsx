import { useEffect, useMemo } from 'react';
import { Modal, message, notification } from 'antd';
import { setAntdApp } from '../lib/antd-app.ts';
import { NOTICE_SECONDS, TOAST_MAX_COUNT, TOAST_SECONDS } from '../lib/feedback-config.ts';

/**
 * The holders of antd's toasts, notices and confirmation dialogs, inside the app's theme, locale and query client
 * (what antd's `<App>` renders), registered for the helpers called outside components (lib/antd-app.ts). A chunk of
 * its own, fetched after the first render (app/providers.tsx): the first load does not carry it.
 */
export default function FeedbackHost() {
  const [messageApi, messageHolder] = message.useMessage({ maxCount: TOAST_MAX_COUNT, duration: TOAST_SECONDS });
  const [notificationApi, notificationHolder] = notification.useNotification({ maxCount: TOAST_MAX_COUNT, duration: NOTICE_SECONDS, placement: 'topRight' });
  const [modalApi, modalHolder] = Modal.useModal();
  const api = useMemo(() => ({ message: messageApi, notification: notificationApi, modal: modalApi }), [messageApi, notificationApi, modalApi]);
  useEffect(() => {
    setAntdApp(api);
    return () => setAntdApp(null);
  }, [api]);
  return (
    <>
      {modalHolder}
      {messageHolder}
      {notificationHolder}
    </>
  );
}
