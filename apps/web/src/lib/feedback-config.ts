import type { App } from 'antd';

/** The antd feedback API (message, notification, modal) as the app's host or antd's static functions give it. */
export type AntdAppApi = ReturnType<typeof App.useApp>;

/** Spec 000 §9 and 002 §9: toasts 3 s, notices (failures) 5 s, at most 20 at once. */
export const TOAST_SECONDS = 3;
export const NOTICE_SECONDS = 5;
export const TOAST_MAX_COUNT = 20;
