import type { ReactNode } from 'react';
import { withAntdApp } from '../lib/antd-app.ts';
import { commonTexts } from './i18n/index.ts';

export type ConfirmDialogOptions = {
  /** Default 'Please Confirm' (spec 000 §2 delete confirmations). */
  title?: string;
  content: ReactNode;
  /** Default 'OK'. */
  okText?: string;
  /** Default 'Cancel'. */
  cancelText?: string;
  /** Red OK button (deletions). */
  danger?: boolean;
  /**
   * Runs on OK. A returned promise keeps the dialog open with a spinning OK button until it settles; a rejection
   * keeps it open (the failure notice comes from the caller or the mutation cache).
   */
  onOk: () => unknown;
  onCancel?: () => void;
};

/** A confirmation dialog through the app's feedback host (follows the theme); default texts in the current language. */
export function confirmDialog({ title, content, okText, cancelText, danger, onOk, onCancel }: ConfirmDialogOptions): void {
  withAntdApp((app) =>
    void app.modal.confirm({
      title: title ?? commonTexts.t('confirm.title'),
      content,
      okText: okText ?? commonTexts.t('actions.ok'),
      cancelText: cancelText ?? commonTexts.t('actions.cancel'),
      okButtonProps: { danger, 'data-testid': 'confirm-ok' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: () => onOk() as Promise<unknown> | void,
      onCancel,
    }),
  );
}
