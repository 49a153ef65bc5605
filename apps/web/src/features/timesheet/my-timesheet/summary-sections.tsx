import { Card, Descriptions, Tooltip } from 'antd';
import { InfoCircleOutlined } from '@ant-design/icons';
import type { StaffCard, StaffSummary } from '@tms/contracts/timesheet-grid';
import { timesheetTexts } from '../i18n/index.ts';
import { summarySections, type SummaryRow } from './my-timesheet-summary.ts';

/** A figure's label, with an info icon that says what the figure counts (issue 26 §2); focusable for the keyboard. */
function RowLabel({ row }: { row: SummaryRow }) {
  const { t } = timesheetTexts.useT();
  if (!row.hint) return row.label;
  return (
    <span className="my-ts-sum-label">
      {row.label}
      <Tooltip trigger={['hover', 'focus']} title={row.hint} styles={{ root: { maxWidth: 350 } }}>
        <InfoCircleOutlined className="my-ts-sum-hint" tabIndex={0} role="img" aria-label={t('my.summaryHintLabel', { label: row.label })} data-testid={`my-ts-hint-${row.key}`} />
      </Tooltip>
    </span>
  );
}

/** The summary list of spec 001 §2.2 in its three sections; side by side when there is room, stacked in the drawer. */
export function SummarySections({ staff, summary }: { staff: StaffCard; summary: StaffSummary }) {
  const { t } = timesheetTexts.useT();
  return (
    <div className="my-ts-summary" data-testid="my-ts-summary">
      {summarySections(staff, summary, t).map((section) => (
        <Card key={section.key} size="small" title={section.title} data-testid={`my-ts-section-${section.key}`}>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={section.rows.map((row) => ({
              key: row.key,
              label: <RowLabel row={row} />,
              children: (
                <span data-testid={`my-ts-sum-${row.key}`}>
                  {row.href ? (
                    <a href={row.href} target="_blank" rel="noreferrer">
                      {row.value}
                    </a>
                  ) : (
                    row.value
                  )}
                </span>
              ),
            }))}
          />
        </Card>
      ))}
    </div>
  );
}
