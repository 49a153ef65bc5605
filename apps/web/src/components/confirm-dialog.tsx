import type { ReactNode } from 'react';
import { getAntdApp } from '../lib/antd-app.ts';

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

/** A confirmation dialog through the mounted antd `<App>` (follows the theme). */
export function confirmDialog({ title = 'Please Confirm', content, okText = 'OK', cancelText = 'Cancel', danger, onOk, onCancel }: ConfirmDialogOptions): void {
  getAntdApp().modal.confirm({
    title,
    content,
    okText,
    cancelText,
    okButtonProps: { danger, 'data-testid': 'confirm-ok' },
    cancelButtonProps: { 'data-testid': 'confirm-cancel' },
    onOk: () => onOk() as Promise<unknown> | void,
    onCancel,
  });
}
