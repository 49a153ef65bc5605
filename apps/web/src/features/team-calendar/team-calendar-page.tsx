import { useState } from 'react';
import dayjs from 'dayjs';
import { Button, Empty, Pagination, Segmented, Space, Spin, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { TEAM_CALENDAR_PAGE_SIZE } from '@tms/contracts/team-calendar';
import { formatDmy } from '../../lib/dates.ts';
import { useServerToday } from '../../lib/lookups.ts';
import { useTeamCalendar } from './api/team-calendar-api.ts';
import { moveAnchor, viewRange, type CalendarView } from './calendar-model.ts';
import { CalendarFilters, type CalendarFilterValues } from './components/calendar-filters.tsx';
import { CalendarGrid } from './components/calendar-grid.tsx';
import { CalendarLegend } from './components/calendar-legend.tsx';
import { teamCalendarTexts } from './i18n/index.ts';
import './team-calendar.css';

/**
 * Timesheet → Team Calendar (issue 30 §1, docs/team-calendar.md): a month or two-week view of who of the people the
 * user may see is away and why, with filters, a legend, a popover per cell and paging by people.
 */
export function TeamCalendarPage() {
  const { t } = teamCalendarTexts.useT();
  const serverToday = useServerToday().today;
  const [view, setView] = useState<CalendarView>('month');
  const [anchor, setAnchor] = useState<string | null>(null);
  const [filters, setFilters] = useState<CalendarFilterValues>({});
  const [filterKey, setFilterKey] = useState(0);
  const [page, setPage] = useState(1);
  const today = (serverToday ?? dayjs()).format('YYYY-MM-DD');
  const shown = anchor ?? today;
  const range = viewRange(view, shown);
  const calendar = useTeamCalendar({ ...range, ...filters, page, size: TEAM_CALENDAR_PAGE_SIZE });
  const answer = calendar.data;
  const go = (next: string) => {
    setAnchor(next);
    setPage(1);
  };

  return (
    <>
      <Typography.Title level={4}>{t('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <CalendarFilters
        key={filterKey}
        value={filters}
        onChange={(next) => {
          if (Object.keys(next).length === 0) setFilterKey((k) => k + 1);
          setFilters(next);
          setPage(1);
        }}
        t={t}
      />
      <Space wrap style={{ marginBottom: 8 }}>
        <Segmented<CalendarView>
          value={view}
          onChange={(v) => {
            setView(v);
            setPage(1);
          }}
          options={[
            { value: 'month', label: t('views.month') },
            { value: 'twoWeeks', label: t('views.twoWeeks') },
          ]}
          data-testid="team-calendar-view"
        />
        <Button icon={<LeftOutlined />} aria-label={t('nav.previous')} onClick={() => go(moveAnchor(view, shown, -1))} data-testid="team-calendar-previous" />
        <Button onClick={() => go(today)} data-testid="team-calendar-today">
          {t('nav.today')}
        </Button>
        <Button icon={<RightOutlined />} aria-label={t('nav.next')} onClick={() => go(moveAnchor(view, shown, 1))} data-testid="team-calendar-next" />
        <Typography.Text strong data-testid="team-calendar-range">
          {t('nav.range', { from: formatDmy(range.from), to: formatDmy(range.to) })}
        </Typography.Text>
        {answer ? <Typography.Text type="secondary">{t('total', { count: answer.page.total_element })}</Typography.Text> : null}
      </Space>
      <CalendarLegend t={t} />
      <Spin spinning={calendar.isFetching}>
        {answer && answer.data.people.length > 0 ? (
          <CalendarGrid data={answer.data} view={view} t={t} />
        ) : answer ? (
          <Empty description={<><Typography.Text strong>{t('empty.title')}</Typography.Text><br />{t('empty.hint')}</>} data-testid="team-calendar-empty" />
        ) : (
          <div style={{ minHeight: 200 }} />
        )}
      </Spin>
      {answer && answer.page.total_element > TEAM_CALENDAR_PAGE_SIZE ? (
        <Pagination
          style={{ marginTop: 12 }}
          current={page}
          pageSize={TEAM_CALENDAR_PAGE_SIZE}
          total={answer.page.total_element}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
    </>
  );
}
