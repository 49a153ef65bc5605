import { Alert, Space, Typography } from 'antd';
import type { UsageArgs } from './ot-limits-api.ts';
import { useOtUsage } from './ot-limits-api.ts';
import { overtimeTexts } from './i18n/index.ts';
import { overMessages, usageLine } from './ot-limits-view.ts';

/**
 * Issue 27 §2: before saving, each chosen staff member's overtime hours of the month and year with this request
 * against the limits, and the hours left; a request over a limit may still be saved (its approval is refused unless
 * HR overrides it).
 */
export function OtLimitsPanel(props: UsageArgs) {
  const { t } = overtimeTexts.useT();
  const usage = useOtUsage(props);
  if (!usage.data || usage.data.length === 0) return null;
  const over = overMessages(usage.data);
  return (
    <Alert
      type={over.length > 0 ? 'warning' : 'info'}
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="ot-limits-panel"
      title={t('limits.title')}
      description={
        <Space direction="vertical" size={0}>
          {usage.data.map((u) => (
            <Typography.Text key={u.employee_id}>{t('limits.line', usageLine(u))}</Typography.Text>
          ))}
          {over.length > 0 ? <Typography.Text type="warning">{t('limits.over')}</Typography.Text> : null}
        </Space>
      }
    />
  );
}
