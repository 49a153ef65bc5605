import { useQuery } from '@tanstack/react-query';
import type { HistoryValueFormats } from './history-format.ts';
import { HistoryViewer } from './history-viewer.tsx';
import { commonTexts } from './i18n/index.ts';
import { recordHistoryQuery } from './record-queries.ts';

/**
 * Field names every leave record's history stores, as the forms label them; each screen adds its own. Each name is
 * read in the language of the moment (a getter): spread this object while rendering, not once at module level.
 */
export const RECORD_FIELD_LABELS: { readonly id: string; readonly employeeId: string; readonly username: string; readonly version: string } = {
  get id() {
    return commonTexts.t('history.recordFields.id');
  },
  get employeeId() {
    return commonTexts.t('history.recordFields.employeeId');
  },
  get username() {
    return commonTexts.t('history.recordFields.username');
  },
  get version() {
    return commonTexts.t('history.recordFields.version');
  },
};

type RecordHistoryModalProps = {
  /** e.g. 'Bonus Leave History' (spec 000 §2). */
  title: string;
  /** The record's API path; its history is `${path}/history?id=`. */
  path: string;
  queryKey: readonly unknown[];
  id: number;
  fieldLabels: Record<string, string>;
  fieldFormats?: HistoryValueFormats;
  onClose: () => void;
};

/** A record's history modal: loads `${path}/history?id=` and shows its change entries, close only. */
export function RecordHistoryModal({ title, path, queryKey, id, fieldLabels, fieldFormats, onClose }: RecordHistoryModalProps) {
  const history = useQuery(recordHistoryQuery(path, queryKey, id));
  return (
    <HistoryViewer
      open
      title={title}
      entries={history.data}
      loading={history.isLoading}
      onClose={onClose}
      fieldLabels={fieldLabels}
      fieldFormats={fieldFormats}
    />
  );
}
