import { useMemo } from 'react';
import { Drawer, Table } from 'antd';
import { useTimesheetNotes, type TimesheetNote } from '../api/get-timesheet-notes.ts';
import { timesheetTexts } from '../i18n/index.ts';

export type NoteDrawerProps = { open: boolean; onClose: () => void };

/** The Note drawer (spec 001 §2.1): notation and definition of the day values (GET /tms/settings/notes). */
export function NoteDrawer({ open, onClose }: NoteDrawerProps) {
  const notes = useTimesheetNotes(open);
  const { t } = timesheetTexts.useT();
  const columns = useMemo(
    () => [
      { title: t('note.notation'), dataIndex: 'notation', key: 'notation', width: 110 },
      { title: t('note.definition'), dataIndex: 'definition', key: 'definition' },
    ],
    [t],
  );
  return (
    <Drawer title={t('note.title')} open={open} onClose={onClose} size="30%" destroyOnHidden data-testid="ts-note-drawer">
      <Table<TimesheetNote> columns={columns} dataSource={notes.data} rowKey="notation" loading={notes.isFetching} pagination={false} size="small" />
    </Drawer>
  );
}
