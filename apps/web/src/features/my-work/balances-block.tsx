import { Col, Row, Statistic, Typography } from 'antd';
import { formatDays, formatHours } from '../../lib/numbers.ts';
import { useBalances } from './api/my-work-api.ts';
import { BlockCard } from './block-card.tsx';
import { myWorkTexts } from './i18n/index.ts';

/** Everyone's balances today: annual leave with its advance (get-balance's figures), offset, birthday, project leave. */
export function BalancesBlock() {
  const { t } = myWorkTexts.useT();
  const query = useBalances();
  return (
    <BlockCard title={t('balances.title')} query={query} testId="my-work-balances">
      {(b) =>
        b === null ? (
          <Typography.Text type="secondary">{t('balances.none')}</Typography.Text>
        ) : (
          <Row gutter={[12, 12]}>
            <Col xs={12} md={6}>
              <Statistic title={t('balances.annual')} value={t('balances.hours', { value: formatHours(b.annual_balance_hours) })} data-testid="my-work-balance-annual" />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('balances.annualDetail', { usable: formatHours(b.annual_usable_hours), advance: formatHours(b.annual_advance_hours) })}
              </Typography.Text>
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('balances.offset')} value={t('balances.hours', { value: formatHours(b.offset_hours) })} data-testid="my-work-balance-offset" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('balances.birthday')} value={t('balances.days', { value: formatDays(b.birthday_days) })} data-testid="my-work-balance-birthday" />
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('balances.project')} value={t('balances.days', { value: formatDays(b.project_leave_days) })} data-testid="my-work-balance-project" />
            </Col>
          </Row>
        )
      }
    </BlockCard>
  );
}
