import { createElement, type ReactNode } from 'react';
import { ApiError, isAbortError } from './api-error.ts';
import { withAntdApp } from './antd-app.ts';
import { NOTICE_SECONDS, TOAST_SECONDS } from './feedback-config.ts';
import { libTexts } from './i18n/index.ts';
import { localizedMessages } from './server-messages.ts';

/** A message or a list of messages; a list is shown one per line (spec 000 §8: "the message or messages list"). */
export type NoticeText = string | readonly string[];

function render(text: NoticeText): ReactNode {
  if (typeof text === 'string') return text;
  if (text.length === 1) return text[0];
  return createElement('div', null, ...text.map((line, i) => createElement('div', { key: i }, line)));
}

/** Success toast (antd message), 3 s. */
export function notifySuccess(text: NoticeText): void {
  withAntdApp((app) => void app.message.success({ content: render(text), duration: TOAST_SECONDS }));
}

/** Informational toast (antd message), 3 s. */
export function notifyInfo(text: NoticeText): void {
  withAntdApp((app) => void app.message.info({ content: render(text), duration: TOAST_SECONDS }));
}

/** Warning toast (antd message), 3 s. */
export function notifyWarning(text: NoticeText): void {
  withAntdApp((app) => void app.message.warning({ content: render(text), duration: TOAST_SECONDS }));
}

/**
 * Failure notice (antd notification), 5 s (spec 002 §8 "Any failed call"), titled 'Error' in the reader's language.
 * The same text shown again replaces the visible notice instead of stacking a copy (a list that fails, resets its
 * paging and fails again says it once).
 */
export function notifyError(text: NoticeText, title: string = libTexts.t('notice.errorTitle')): void {
  const key = `error:${title}:${typeof text === 'string' ? text : text.join('\n')}`;
  withAntdApp((app) => app.notification.error({ key, title, description: render(text), duration: NOTICE_SECONDS, role: 'alert' }));
}

/**
 * Shows the server's message(s) of a failed call. Silent for cancelled requests and for the 401 that ended
 * the session (the user is on the way to /login).
 */
export function notifyApiError(error: unknown, fallback: string = libTexts.t('notice.somethingWentWrong')): void {
  if (isAbortError(error)) return;
  if (error instanceof ApiError) {
    if (error.sessionExpired) return;
    notifyError(localizedMessages(error));
    return;
  }
  notifyError(error instanceof Error && error.message ? error.message : fallback);
}

/**
 * A failure notice with the spec's text first and the server's reasons under it (e.g. spec 001 §8 "Failed to update
 * status!"). Silent like notifyApiError for cancelled requests and the 401 that ended the session.
 */
export function notifyFailure(text: string, error: unknown): void {
  if (isAbortError(error) || (error instanceof ApiError && error.sessionExpired)) return;
  // The server's copy of `text` is left out by its English, the form both sides wrote it in.
  const reasons = error instanceof ApiError ? localizedMessages(error).filter((_, i) => error.messages[i] !== text) : [];
  notifyError([text, ...reasons]);
}
