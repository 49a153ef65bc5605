import { Popover, Table } from 'antd';
import { FIXED_STATUS_COLORS, FIXED_TAG_COLORS, type FixedListRow } from '@tms/contracts/overtime-list';
import { StatusTag } from '../../../components/status-tag.tsx';
import { overtimeTexts } from '../i18n/index.ts';
import { fixedStatusLabel, fixedTagLabel } from '../overtime-labels.ts';
import { listStatusOf } from '../fixed/fixed-overtime-view.ts';
import { personText } from '../../../lib/person-text.ts';

type StaffStatus = FixedListRow['staff'][number];

/**
 * The fixed request's tag (spec 001 §4.5: CANCELLED, "n/total PENDING", EXPIRED, "n/n DONE"); a click opens a small
 * table of the staff and their status colours (spec 001 §2.4). With `ownEmployeeId` (the staff view) a request the
 * caller is on shows their own row's status instead (issue 26); the click still opens the whole team's.
 */
export function FixedStatusTag({ row, ownEmployeeId }: { row: FixedListRow; ownEmployeeId?: number | null }) {
  const { t } = overtimeTexts.useT();
  const own = listStatusOf(row, ownEmployeeId);
  const table = (
    <Table<StaffStatus>
      size="small"
      pagination={false}
      rowKey="employeeId"
      dataSource={row.staff}
      data-testid={`ot-status-staff-${row.id}`}
      columns={[
        { title: t('staffStatus.staff'), key: 'name', render: (_v, s) => personText(s.name, s.user_name) },
        { title: t('staffStatus.status'), key: 'status', render: (_v, s) => <StatusTag label={fixedStatusLabel(t, s.status, s.statusText)} color={FIXED_STATUS_COLORS[s.status] ?? 'default'} /> },
      ]}
    />
  );
  return (
    <Popover content={table} trigger="click" title={t('staffStatus.title')}>
      <button type="button" className="ot-status-tag" style={{ border: 0, background: 'none', padding: 0, cursor: 'pointer' }} onClick={(e) => e.stopPropagation()} data-testid={`ot-status-${row.id}`}>
        {own ? (
          <StatusTag label={fixedStatusLabel(t, own.own, own.text)} color={FIXED_STATUS_COLORS[own.own] ?? 'default'} />
        ) : (
          <StatusTag label={fixedTagLabel(t, row.tag.kind, row.staff.map((s) => s.status))} color={FIXED_TAG_COLORS[row.tag.kind] ?? 'default'} />
        )}
      </button>
    </Popover>
  );
}
