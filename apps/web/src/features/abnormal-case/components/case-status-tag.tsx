import { StatusTag } from '../../../components/status-tag.tsx';
import { abnormalCaseTexts } from '../i18n/index.ts';

/** Status of a case (shared StatusTag, kind 'abnormal'); a pending case on a locked date shows Expired (10). */
export function CaseStatusTag({ status, expired }: { status: number; expired?: boolean }) {
  const { t } = abnormalCaseTexts.useT();
  return expired ? <StatusTag kind="abnormal" status={10} label={t('expired')} color="default" /> : <StatusTag kind="abnormal" status={status} />;
}
