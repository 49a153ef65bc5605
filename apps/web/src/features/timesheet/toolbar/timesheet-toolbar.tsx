import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { CalculatorOutlined, CommentOutlined, ScheduleOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import type { GridFilter } from '@tms/contracts/timesheet-grid';
import type { TimesheetInfo } from '@tms/contracts/timesheet-review';
import { useCurrentUser } from '../../../lib/auth.ts';
import { useServerToday } from '../../../lib/lookups.ts';
import { notifyError } from '../../../lib/notify.ts';
import { futureTimesheetError } from './calculate-rules.ts';
import { CalculateModal, useCalculateLimits, type CalculateMode } from './calculate-modal.tsx';
import { CommentsDrawer } from './comments-drawer.tsx';
import { ExportMenu } from './export-menu.tsx';
import { ImportTimesheetDialog } from './import-timesheet-dialog.tsx';
import { ReviewActions } from './review-actions.tsx';
import { SendEmailButton } from './send-email-button.tsx';
import { isoDay, toolbarState } from './toolbar-rules.ts';
import { UpdateScheduleModal } from './update-schedule-modal.tsx';
import { timesheetTexts } from '../i18n/index.ts';

export type TimesheetToolbarProps = {
  /** The chosen period's timesheet info (status, dates, version). */
  timesheet: TimesheetInfo;
  /** The grid's current filter (as sent to GET /tms/timesheets). */
  filter: GridFilter;
  /** Employee ids of the rows ticked in the grid. */
  selectedEmployeeIds: number[];
  /** Called after an action changed data (reload grid and timesheet info). */
  onChanged: () => void;
};

type OpenDialog = { kind: 'import' } | { kind: 'calculate'; mode: CalculateMode } | { kind: 'schedule' } | null;

/**
 * The Timesheet List tab's action bar (spec 001 §2.1, §2.2 "Timesheet menu rules", §6): export, import, send email,
 * calculate, update work schedule, comments, and the review flow, each shown only to the roles that may use it.
 * Dialogs mount only while open, so each opens with a fresh form.
 */
export function TimesheetToolbar({ timesheet, filter, selectedEmployeeIds, onChanged }: TimesheetToolbarProps) {
  const { data: user } = useCurrentUser();
  const { today } = useServerToday();
  const { limits } = useCalculateLimits(timesheet);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [commentsOpen, setCommentsOpen] = useState(false);
  const { t } = timesheetTexts.useT();
  const state = toolbarState(user?.roles ?? [], timesheet, isoDay(today), t);
  const close = () => setDialog(null);

  // Spec 001 §5.1: "A period that starts in the future gives 'Can not calculate work hours for future Timesheet.'"
  const openCalculate = (mode: CalculateMode) => {
    const future = futureTimesheetError(limits, t);
    if (future) notifyError(future);
    else setDialog({ kind: 'calculate', mode });
  };

  return (
    <div data-testid="ts-toolbar">
      {timesheet.review_comment ? (
        <Alert
          type="warning"
          showIcon
          title={t('toolbar.rejectComment')}
          description={<span style={{ whiteSpace: 'pre-wrap' }}>{timesheet.review_comment}</span>}
          style={{ marginBottom: 12 }}
          data-testid="ts-review-comment"
        />
      ) : null}
      <Space wrap>
        {state.export.shown ? <ExportMenu timesheet={timesheet} filter={filter} selectedEmployeeIds={selectedEmployeeIds} /> : null}
        {state.import.shown ? (
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setDialog({ kind: 'import' })} data-testid="ts-import">
            {t('toolbar.import.button')}
          </Button>
        ) : null}
        {state.sendEmail.shown ? <SendEmailButton timesheetId={timesheet.timesheet_id} filter={filter} selectedEmployeeIds={selectedEmployeeIds} /> : null}
        {state.calculate.shown ? (
          <Button icon={<CalculatorOutlined aria-hidden />} onClick={() => openCalculate('chosen')} data-testid="ts-calculate">
            {t('toolbar.calculate.button')}
          </Button>
        ) : null}
        {state.calculateAll.shown ? (
          <Button icon={<TeamOutlined aria-hidden />} onClick={() => openCalculate('all')} data-testid="ts-calculate-all">
            {t('toolbar.calculate.allButton')}
          </Button>
        ) : null}
        {state.updateSchedule.shown ? (
          <Button icon={<ScheduleOutlined aria-hidden />} onClick={() => setDialog({ kind: 'schedule' })} data-testid="ts-update-schedule">
            {t('toolbar.schedule.button')}
          </Button>
        ) : null}
        {state.comments.shown ? (
          <Button icon={<CommentOutlined aria-hidden />} onClick={() => setCommentsOpen(true)} data-testid="ts-comments">
            {t('toolbar.comments.button')}
          </Button>
        ) : null}
        <ReviewActions timesheet={timesheet} state={state} onChanged={onChanged} />
      </Space>
      {dialog?.kind === 'import' ? <ImportTimesheetDialog onClose={close} onImported={onChanged} /> : null}
      {dialog?.kind === 'calculate' ? <CalculateModal mode={dialog.mode} timesheet={timesheet} onClose={close} /> : null}
      {dialog?.kind === 'schedule' ? <UpdateScheduleModal onClose={close} onChanged={onChanged} /> : null}
      {state.comments.shown ? <CommentsDrawer open={commentsOpen} timesheetId={timesheet.timesheet_id} onClose={() => setCommentsOpen(false)} /> : null}
    </div>
  );
}
