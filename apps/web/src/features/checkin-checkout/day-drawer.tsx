import { Descriptions, Drawer, Empty, Grid, Spin, Table } from 'antd';
import type { DayPunch } from '@tms/contracts/check-in-out-calendar';
import type { PunchEvidence } from '@tms/contracts/self-check-in';
import { PunchSource } from '../../components/punch-source/punch-source.tsx';
import { formatDmy } from '../../lib/dates.ts';
import { useDayDetail } from './checkin-checkout-api.ts';
import { checkinCheckoutTexts } from './i18n/index.ts';

/** spec 001 §9 drawer widths: 30 % on wide screens, 35 % on medium ones, 50 % under the 1400 px breakpoint. */
function useDrawerWidth(): string {
  const screens = Grid.useBreakpoint();
  return screens.xxl ? '30%' : screens.xl ? '35%' : '50%';
}

/** The right drawer of a day (spec 001 §2.8): staff info and the day's check times with their source system. */
export function DayDrawer({ day, employee, onClose }: { day: string | null; employee: string | undefined; onClose: () => void }) {
  const width = useDrawerWidth();
  const detail = useDayDetail(day, employee);
  const data = detail.data;
  const { t } = checkinCheckoutTexts.useT();
  return (
    <Drawer open={day !== null} onClose={onClose} placement="right" size={width} title={t('drawer.title', { date: formatDmy(day) })} destroyOnHidden>
      {detail.isLoading ? (
        <Spin />
      ) : data ? (
        <div data-testid="checkin-drawer">
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('drawer.name')}>{data.staff.name}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.staffId')}>{data.staff.staff_id ?? data.staff.user_name}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.position')}>{data.staff.position_title ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.department')}>{data.staff.department ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.checkIn')}>{data.check_in_time ?? ''}</Descriptions.Item>
            <Descriptions.Item label={t('drawer.checkOut')}>{data.check_out_time ?? ''}</Descriptions.Item>
          </Descriptions>
          <Table<DayPunch>
            size="small"
            rowKey="punched_at"
            pagination={false}
            dataSource={data.check_times}
            data-testid="checkin-drawer-times"
            locale={{ emptyText: <Empty description={t('drawer.empty')} /> }}
            columns={[
              { title: t('drawer.no'), key: 'no', width: 50, render: (_v, _r, i) => i + 1 },
              { title: t('drawer.date'), key: 'date', render: (_v, r) => formatDmy(r.date) },
              { title: t('drawer.checkTime'), dataIndex: 'time', key: 'time' },
              { title: t('drawer.system'), dataIndex: 'system', key: 'system' },
              // Issue 28 §4: the punch's source and, for web and kiosk punches, the place, distance and 'sent late'.
              { title: t('drawer.source'), key: 'source', render: (_v, r) => <PunchSource evidence={r as DayPunch & Partial<PunchEvidence>} /> },
            ]}
          />
        </div>
      ) : (
        <Empty description={detail.error instanceof Error ? detail.error.message : t('drawer.noData')} />
      )}
    </Drawer>
  );
}
