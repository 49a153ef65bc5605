import { useQuery } from '@tanstack/react-query';
import type { HistoryValueFormats } from './history-format.ts';
import { HistoryViewer } from './history-viewer.tsx';
import { recordHistoryQuery } from './record-queries.ts';

/** Field names every leave record's history stores, as the forms label them; each screen adds its own. */
export const RECORD_FIELD_LABELS = {
  id: 'Id',
  employeeId: 'Employee Id',
  username: 'Staff',
  version: 'Version',
} as const;

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
