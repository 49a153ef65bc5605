import { Card, Descriptions } from 'antd';
import type { StaffCard, StaffSummary } from '@tms/contracts/timesheet-grid';
import { timesheetTexts } from '../i18n/index.ts';
import { summarySections } from './my-timesheet-summary.ts';

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
              label: row.label,
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
