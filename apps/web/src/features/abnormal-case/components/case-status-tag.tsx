import { StatusTag } from '../../../components/status-tag.tsx';

/** Status of a case (shared StatusTag, kind 'abnormal'); a pending case on a locked date shows Expired (10). */
export function CaseStatusTag({ status, expired }: { status: number; expired?: boolean }) {
  return expired ? <StatusTag kind="abnormal" status={10} label="Expired" color="default" /> : <StatusTag kind="abnormal" status={status} />;
}
