import { App, Modal, message, notification } from 'antd';

/**
 * The antd feedback API (message, notification, modal) of the mounted `<App>`, so helpers called outside
 * components (notify, confirmDialog) follow the theme. Registered by `AntdAppBridge` (app/providers.tsx).
 */
export type AntdAppApi = ReturnType<typeof App.useApp>;

let current: AntdAppApi | null = null;

export function setAntdApp(api: AntdAppApi | null): void {
  current = api;
}

/** The registered API, or antd's static functions configured the same way if `<App>` is not mounted yet. */
export function getAntdApp(): AntdAppApi {
  if (current) return current;
  message.config({ maxCount: TOAST_MAX_COUNT, duration: TOAST_SECONDS });
  notification.config({ maxCount: TOAST_MAX_COUNT, duration: NOTICE_SECONDS });
  return { message, notification, modal: Modal as unknown as AntdAppApi['modal'] };
}

/** Spec 000 §9 and 002 §9: toasts 3 s, notices (failures) 5 s, at most 20 at once. */
export const TOAST_SECONDS = 3;
export const NOTICE_SECONDS = 5;
export const TOAST_MAX_COUNT = 20;
