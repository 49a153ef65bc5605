import { useState } from 'react';
import { Button, Descriptions, Empty, Flex, Result, Table, Typography } from 'antd';
import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { PROJECT_LEAVE_PAGE, PROJECT_LEAVE_WRITERS, type ProjectLeaveRow } from '@tms/contracts/project-leave';
import { confirmDialog } from '../../components/confirm-dialog.tsx';
import { hasRole, useCurrentUser } from '../../lib/auth.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { formatLeave } from '../../lib/numbers.ts';
import { downloadAttachment } from './api/download-attachment.ts';
import { useProjectLeaveDetail } from './api/get-project-leave-detail.ts';
import { useRemoveProjectLeave } from './api/remove-project-leave.ts';
import { projectLeaveDetailColumns } from './components/project-leave-columns.tsx';
import { ProjectLeaveFormModal } from './components/project-leave-form-modal.tsx';
import { ProjectLeaveHistoryModal } from './components/project-leave-history-modal.tsx';
import { projectLeaveTexts } from './i18n/index.ts';
import { personText } from '../../lib/person-text.ts';

type OpenDialog = { kind: 'add' } | { kind: 'edit'; row: ProjectLeaveRow } | { kind: 'history'; id: number } | null;

/**
 * /leave-management/project-leave/{employeeId} 'Project Leave Detail' (spec 000 §2): a back header to 'Project
 * Leave', the employee's name and totals in days, the rows with their attachments and, for HR, HRM and Admin, Add
 * New and the row actions (spec 000 §4). Removal asks 'Do you want to delete this project leave?'.
 */
export function ProjectLeaveDetailPage() {
  const navigate = useNavigate();
  const employeeId = Number(useParams().id);
  const { data: user } = useCurrentUser();
  const mayWrite = hasRole(user, ...PROJECT_LEAVE_WRITERS);
  const { t } = projectLeaveTexts.useT();
  const detail = useProjectLeaveDetail(employeeId);
  const remove = useRemoveProjectLeave();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = () => setDialog(null);

  const confirmRemove = (row: ProjectLeaveRow) =>
    confirmDialog({
      content: t('deleteConfirm'),
      danger: true,
      // The mutation cache shows why a removal failed; it will not pass on a retry, so the dialog closes.
      onOk: () => remove.mutateAsync(row).then(({ message }) => notifySuccess(message), () => undefined),
    });

  const columns = projectLeaveDetailColumns({
    mayWrite,
    t,
    onDownload: (row, index) => void downloadAttachment(row.attachFilePaths[index]!),
    onHistory: (row) => setDialog({ kind: 'history', id: row.id }),
    onEdit: (row) => setDialog({ kind: 'edit', row }),
    onRemove: confirmRemove,
  });

  const data = detail.data;
  return (
    <>
      <Flex align="center" gap={8} wrap>
        <Button type="text" icon={<ArrowLeftOutlined aria-hidden />} onClick={() => void navigate(PROJECT_LEAVE_PAGE)} data-testid="project-leave-back">
          {t('title')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('detailTitle')}
        </Typography.Title>
      </Flex>
      {detail.isError ? (
        <Result status="404" title={t('notFound')} subTitle={t('employeeNotFound')} />
      ) : (
        <>
          <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ margin: '16px 0' }}>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, md: 5 }}
              data-testid="project-leave-summary"
              items={[
                { key: 'name', label: t('name'), children: data ? personText(data.fullNameStaff, data.userName) : '' },
                { key: 'total', label: t('totalLeaveDays'), children: formatLeave(data?.totalLeaveDay) },
                { key: 'used', label: t('totalUsed'), children: formatLeave(data?.totalUsed) },
                { key: 'expired', label: t('totalExpired'), children: formatLeave(data?.totalExpired) },
                { key: 'remain', label: t('totalRemaining'), children: formatLeave(data?.totalRemain) },
              ]}
            />
            {mayWrite ? (
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'add' })} data-testid="project-leave-add">
                {t('addNew')}
              </Button>
            ) : null}
          </Flex>
          <Table<ProjectLeaveRow>
            rowKey="id"
            columns={columns}
            dataSource={data?.projectLeaves ?? []}
            loading={detail.isFetching}
            pagination={false}
            locale={{ emptyText: <Empty description={t('empty')} /> }}
            data-testid="project-leave-detail-table"
          />
        </>
      )}
      {dialog?.kind === 'add' ? <ProjectLeaveFormModal onClose={closeDialog} /> : null}
      {dialog?.kind === 'edit' ? <ProjectLeaveFormModal row={dialog.row} onClose={closeDialog} /> : null}
      {dialog?.kind === 'history' ? <ProjectLeaveHistoryModal id={dialog.id} onClose={closeDialog} /> : null}
    </>
  );
}
