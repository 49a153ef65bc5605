import { useEffect, useMemo, useState } from 'react';
import { Button, Col, DatePicker, Empty, Form, Input, Row, Select, Tooltip, type TableColumnsType } from 'antd';
import { KitForm } from '../../../components/kit-form.tsx';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_DMY } from '@tms/contracts/api';
import type { AttendanceCheckRow } from '@tms/contracts/attendance-check-config';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { FilterActions } from '../../../components/filter-bar.tsx';
import { PagedTable } from '../../../components/paged-table.tsx';
import { useCurrentUser } from '../../../lib/auth.ts';
import { formatDmy } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { sessionKey, useSessionState } from '../../../lib/use-session-state.ts';
import { employeesTexts, type EmployeesT } from '../i18n/index.ts';
import { useAttendanceChecks, useDeleteAttendanceCheck } from './api/attendance-check-api.ts';
import { AttendanceCheckFormModal, SYSTEM_OPTIONS } from './attendance-check-form-modal.tsx';
import { formValuesOf, parseStoredFilter, queryOf, storedOf, type AttendanceFilterValues } from './attendance-check-filter.ts';
import { RowActionsSpace } from '../../../components/row-actions-space.tsx';
import { useSelectClear } from '../../../components/select-clear.tsx';

type Dialog = { kind: 'create' } | { kind: 'edit'; row: AttendanceCheckRow } | null;

function columns(t: EmployeesT, onEdit: (row: AttendanceCheckRow) => void, onDelete: (row: AttendanceCheckRow) => void): TableColumnsType<AttendanceCheckRow> {
  return [
    { title: t('attendance.columns.name'), dataIndex: 'hrms_name', key: 'hrms_name', width: 200 },
    { title: t('attendance.columns.username'), dataIndex: 'hrms_username', key: 'hrms_username', width: 140 },
    { title: t('attendance.columns.accountNumber'), dataIndex: 'account_number', key: 'account_number', width: 130 },
    { title: t('attendance.columns.attendanceCheckId'), dataIndex: 'attendance_check_id', key: 'attendance_check_id', width: 160 },
    { title: t('attendance.columns.attendanceCheckName'), dataIndex: 'attendance_check_name', key: 'attendance_check_name', width: 180 },
    { title: t('attendance.columns.project'), dataIndex: 'project', key: 'project', width: 150 },
    { title: t('attendance.columns.position'), dataIndex: 'position', key: 'position', width: 140 },
    { title: t('attendance.columns.system'), dataIndex: 'attendance_check_system', key: 'attendance_check_system', width: 120 },
    { title: t('attendance.columns.startDate'), key: 'start_date', width: 120, render: (_v, r) => formatDmy(r.start_date) },
    { title: t('attendance.columns.endDate'), key: 'end_date', width: 120, render: (_v, r) => formatDmy(r.end_date) },
    {
      title: t('attendance.columns.action'),
      key: 'action',
      width: 100,
      fixed: 'right',
      render: (_v, row) => (
        <RowActionsSpace>
          <Tooltip title={t('attendance.edit')}>
            <Button type="text" size="small" icon={<EditOutlined aria-hidden />} aria-label={t('attendance.edit')} onClick={() => onEdit(row)} data-testid={`attendance-check-edit-${row.id}`} />
          </Tooltip>
          <Tooltip title={t('attendance.delete')}>
            <Button type="text" size="small" danger icon={<DeleteOutlined aria-hidden />} aria-label={t('attendance.delete')} onClick={() => onDelete(row)} data-testid={`attendance-check-delete-${row.id}`} />
          </Tooltip>
        </RowActionsSpace>
      ),
    },
  ];
}

/**
 * Employee – Attendance Check System Config (spec 002 §2 Employee management tab 3): filter (employee name or user
 * name with or without diacritics, system, attendance check id, a date in force), the table with Edit and Delete
 * (confirmed) per row, Add New and the modal form. Filter and page are kept for the session.
 */
export function AttendanceCheckTab() {
  const { data: user } = useCurrentUser();
  const [stored, setStored] = useSessionState(sessionKey('attendance-check-filter', user?.userName), parseStoredFilter);
  const query = useMemo(() => queryOf(stored), [stored]);
  const list = useAttendanceChecks(query, stored.size);
  const remove = useDeleteAttendanceCheck();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [form] = Form.useForm<AttendanceFilterValues>();
  const [resets, setResets] = useState(0);
  const { t } = employeesTexts.useT();
  const clear = useSelectClear();

  // The stored page comes back once; afterwards every page change is stored.
  const [restored, setRestored] = useState(false);
  const { setPage } = list;
  useEffect(() => {
    if (restored) return;
    setRestored(true);
    if (stored.page !== 1) setPage(stored.page, stored.size);
  }, [restored, stored.page, stored.size, setPage]);
  useEffect(() => {
    if (restored) setStored((s) => (s.page === list.page && s.size === list.size ? s : { ...s, page: list.page, size: list.size }));
  }, [restored, list.page, list.size, setStored]);

  const confirmDelete = (row: AttendanceCheckRow) =>
    confirmDialog({
      content: t('attendance.deleteConfirm'),
      okText: t('attendance.delete'),
      danger: true,
      onOk: async () => {
        const envelope = await remove.mutateAsync(row);
        notifySuccess(envelope.message);
        list.afterDelete();
      },
    });

  return (
    <>
      <KitForm<AttendanceFilterValues>
        key={resets}
        form={form}
        name="attendance-check-filter"
        data-testid="attendance-check-filter"
        layout="vertical"
        role="search"
        className="tms-filter-bar"
        initialValues={formValuesOf(stored)}
        onFinish={(values) => {
          const next = storedOf(values, list.size);
          if (JSON.stringify(queryOf(next)) === JSON.stringify(query)) void list.refetch();
          setStored(next);
        }}
      >
        <Row gutter={[16, 0]} align="bottom">
          <Col xs={24} sm={12} md={8} xl={6}>
            <Form.Item name="keyword" label={t('attendance.filter.employee')}>
              <Input allowClear placeholder={t('attendance.filter.employeePlaceholder')} data-testid="attendance-check-filter-keyword" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8} xl={4}>
            <Form.Item name="attendance_check_system" label={t('attendance.filter.system')}>
              <Select allowClear={clear} options={SYSTEM_OPTIONS} placeholder={t('attendance.filter.systemPlaceholder')} data-testid="attendance-check-filter-system" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8} xl={4}>
            <Form.Item name="attendance_check_id" label={t('attendance.filter.attendanceCheckId')}>
              <Input allowClear data-testid="attendance-check-filter-id" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={8} xl={4}>
            <Form.Item name="date" label={t('attendance.filter.date')}>
              <DatePicker format={DATE_DMY} style={{ width: '100%' }} data-testid="attendance-check-filter-date" />
            </Form.Item>
          </Col>
          <Col flex="auto">
            <FilterActions
              loading={list.loading}
              onReload={() => {
                setStored(storedOf({}, list.size));
                setResets((n) => n + 1);
                void list.refetch();
              }}
              extra={
                <Button icon={<PlusOutlined aria-hidden />} onClick={() => setDialog({ kind: 'create' })} data-testid="attendance-check-add">
                  {t('attendance.addNew')}
                </Button>
              }
            />
          </Col>
        </Row>
      </KitForm>
      <PagedTable<AttendanceCheckRow>
        {...list.tableProps}
        columns={columns(t, (row) => setDialog({ kind: 'edit', row }), confirmDelete)}
        rowKey="id"
        data-testid="attendance-check-table"
        tableProps={{ locale: { emptyText: <Empty description={t('attendance.empty')} /> } }}
      />
      {dialog?.kind === 'create' ? <AttendanceCheckFormModal onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'edit' ? <AttendanceCheckFormModal key={dialog.row.id} row={dialog.row} onClose={() => setDialog(null)} /> : null}
    </>
  );
}
