import { useMemo, type ReactNode } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';
import { commonTexts } from './i18n/index.ts';

/**
 * A Select's clear button named in the reader's language: with `allowClear` set to true, antd leaves the button's
 * accessible name to rc-select, which writes 'Clear' in English whatever the locale (a Vietnamese screen reader said
 * it on every filter holding a value). The object form carries our label, with antd's own icon.
 */
export function useSelectClear(): { clearIcon: ReactNode; label: string } {
  const { t } = commonTexts.useT();
  return useMemo(() => ({ clearIcon: <CloseCircleFilled />, label: t('actions.clearSelection') }), [t]);
}
