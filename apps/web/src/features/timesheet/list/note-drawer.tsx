import { Drawer, Table } from 'antd';
import { useTimesheetNotes, type TimesheetNote } from '../api/get-timesheet-notes.ts';

export type NoteDrawerProps = { open: boolean; onClose: () => void };

const columns = [
  { title: 'Notation', dataIndex: 'notation', key: 'notation', width: 110 },
  { title: 'Definition', dataIndex: 'definition', key: 'definition' },
];

/** The Note drawer (spec 001 §2.1): notation and definition of the day values (GET /tms/settings/notes). */
export function NoteDrawer({ open, onClose }: NoteDrawerProps) {
  const notes = useTimesheetNotes(open);
  return (
    <Drawer title="Note" open={open} onClose={onClose} size="30%" destroyOnHidden data-testid="ts-note-drawer">
      <Table<TimesheetNote> columns={columns} dataSource={notes.data} rowKey="notation" loading={notes.isFetching} pagination={false} size="small" />
    </Drawer>
  );
}
