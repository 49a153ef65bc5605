import { Modal, message, notification } from 'antd';
import { NOTICE_SECONDS, TOAST_MAX_COUNT, TOAST_SECONDS, type AntdAppApi } from './feedback-config.ts';

/** antd's static feedback functions, configured as the app's host is: for a call made while no app is mounted. */
export function staticFeedback(): AntdAppApi {
  message.config({ maxCount: TOAST_MAX_COUNT, duration: TOAST_SECONDS });
  notification.config({ maxCount: TOAST_MAX_COUNT, duration: NOTICE_SECONDS });
  return { message, notification, modal: Modal as unknown as AntdAppApi['modal'] };
}
