import { Col, Empty, List, Row, Statistic, Typography } from 'antd';
import { formatDmy } from '../../lib/dates.ts';
import { formatCount } from '../../lib/numbers.ts';
import { usePeriodState } from './api/my-work-api.ts';
import { BlockCard } from './block-card.tsx';
import { myWorkTexts } from './i18n/index.ts';

/** HR's view of the open period: days to its closing, unexplained cases, pending requests by department. */
export function PeriodStateBlock() {
  const { t } = myWorkTexts.useT();
  const query = usePeriodState(true);
  return (
    <BlockCard title={t('period.title')} query={query} testId="my-work-period">
      {(s) =>
        s.period === null ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('period.none')} />
        ) : (
          <>
            <Typography.Paragraph style={{ marginBottom: 8 }}>
              <Typography.Text strong>{t('period.name', { name: s.period.name, from: formatDmy(s.period.from_date), to: formatDmy(s.period.to_date) })}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('period.closing', { date: formatDmy(s.period.closing_date), hour: s.period.closing_hour })}</Typography.Text>
            </Typography.Paragraph>
            <Row gutter={[12, 12]}>
              <Col xs={8}>
                <Statistic title={t('period.daysLeft')} value={formatCount(s.period.days_left)} data-testid="my-work-days-left" />
              </Col>
              <Col xs={8}>
                <Statistic title={t('period.unexplained')} value={formatCount(s.unexplained_cases)} data-testid="my-work-unexplained" />
              </Col>
              <Col xs={8}>
                <Statistic title={t('period.pending')} value={formatCount(s.pending_requests)} data-testid="my-work-pending" />
              </Col>
            </Row>
            <Typography.Title level={5} style={{ marginTop: 12 }}>
              {t('period.byDepartment')}
            </Typography.Title>
            {s.pending_by_department.length === 0 ? (
              <Typography.Text type="secondary">{t('period.noPending')}</Typography.Text>
            ) : (
              <List
                size="small"
                dataSource={s.pending_by_department}
                renderItem={(d) => (
                  <List.Item key={d.department_name ?? ''} extra={<Typography.Text strong>{formatCount(d.pending)}</Typography.Text>}>
                    {d.department_name ?? t('period.noDepartment')}
                  </List.Item>
                )}
              />
            )}
          </>
        )
      }
    </BlockCard>
  );
}
