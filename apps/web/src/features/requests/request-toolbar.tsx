import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { REQUEST_IMPORTERS, REQUEST_MESSAGES as M, REQUEST_MULTIPLE_CREATORS } from '@tms/contracts/requests';
import type { FilterQuery } from '../../components/filter-query.ts';
import { hasRole, type UserDetail } from '../../lib/auth.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { exportRequests } from './api/request-api.ts';
import type { RequestDialog } from './use-request-page-state.ts';

/** Export of the filtered list; its state lives with the page, which outlives the filter bar (remade when the role set changes). */
export function useRequestExport(filters: FilterQuery) {
  const [exporting, setExporting] = useState(false);
  const doExport = async () => {
    setExporting(true);
    try {
      await exportRequests(filters);
      notifySuccess(M.exported);
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, doExport };
}

type RequestToolbarProps = { user: UserDetail | undefined; exporting: boolean; onExport: () => void; onOpen: (dialog: RequestDialog) => void };

/**
 * The filter bar's buttons: Add New (not GUEST), Add Multiple Staffs (HR, Admin), Export, and the two imports (Admin,
 * HRM, HR). A fragment, not a component: the filter bar's Space gives each button of a fragment its own item.
 */
export function requestToolbarButtons({ user, exporting, onExport, onOpen }: RequestToolbarProps) {
  const mayAdd = !!user && !hasRole(user, 'GUEST');
  const mayAddMultiple = hasRole(user, ...REQUEST_MULTIPLE_CREATORS);
  const mayImport = hasRole(user, ...REQUEST_IMPORTERS);

  return (
    <>
      {mayAdd ? (
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => onOpen({ kind: 'create', mode: 'single' })} data-testid="request-add">
          Add New
        </Button>
      ) : null}
      {mayAddMultiple ? (
        <Button icon={<UsergroupAddOutlined aria-hidden />} onClick={() => onOpen({ kind: 'create', mode: 'batch' })} data-testid="request-add-multiple">
          Add Multiple Staffs
        </Button>
      ) : null}
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={onExport} data-testid="request-export">
        Export
      </Button>
      {mayImport ? (
        <>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => onOpen({ kind: 'import', which: 'timeoff' })} data-testid="request-import">
            Import Request TimeOff
          </Button>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => onOpen({ kind: 'import', which: 'revoke' })} data-testid="request-import-revoke">
            Import Request TimeOff Revoke
          </Button>
        </>
      ) : null}
    </>
  );
}
