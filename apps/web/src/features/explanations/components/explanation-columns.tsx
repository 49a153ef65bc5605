import { Button, type TableColumnsType } from 'antd';
import { StatusTag } from '../../../components/status-tag.tsx';
import { pendingStepLabel } from '../../../components/approval-timeline/pending-step-label.ts';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import type { ExplanationRow } from '../api/explanations-api.ts';
import { departmentOf, nameOf } from '../explanation-rules.ts';
import type { explanationsTexts } from '../i18n/index.ts';

/** 'Pending — step 2 of 3 (dl)' for a pending explanation in an approval flow (issue 29); undefined for the usual status. */
export const explanationStepLabel = (row: ExplanationRow) =>
  pendingStepLabel({ approval_step: row.approval_step, pending: row.approval_step !== null, approverUserName: row.assignee?.user_name });

/** Columns of spec 001 §2.6 (texts by `t`, the page's). The title is a button too, so the detail opens from the keyboard as well. */
export function explanationColumns(onOpen: (row: ExplanationRow) => void, t: typeof explanationsTexts.t): TableColumnsType<ExplanationRow> {
  return [
    { title: t('columns.title'), dataIndex: 'title', width: 220, ellipsis: true, render: (v: string | null, row) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onOpen(row)} data-testid={`explanation-title-${row.id}`}>
          {v || t('columns.noTitle')}
        </Button>
      ),
    },
    { title: t('columns.createdBy'), key: 'created_by', width: 180, render: (_, row) => nameOf(row.created_by) || nameOf(row.employee) },
    { title: t('columns.department'), key: 'department', width: 160, render: (_, row) => departmentOf(row.employee) },
    { title: t('columns.approvedBy'), key: 'approved_by', width: 180, render: (_, row) => nameOf(row.approved_by) || nameOf(row.assignee) },
    // The reason type's name comes in the reader's language (reason_detail is the optional free text, not the type).
    { title: t('columns.reasonType'), key: 'reason_type', width: 180, render: (_, row) => row.reason_type_name || row.reason_type },
    { title: t('columns.createdDate'), dataIndex: 'created_date', width: 170, render: (v: string | null) => formatDateTime(v) },
    { title: t('columns.explanationDate'), dataIndex: 'abnormal_date', width: 140, render: (v: string) => formatDmy(v) },
    { title: t('columns.statusType'), key: 'status', width: 130, render: (_, row) => <StatusTag kind="explanation" status={row.status} label={explanationStepLabel(row)} /> },
  ];
}
