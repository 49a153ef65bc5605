import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined, PlusOutlined, UploadOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { REQUEST_IMPORTERS, REQUEST_MULTIPLE_CREATORS } from '@tms/contracts/requests';
import type { FilterQuery } from '../../components/filter-query.ts';
import { hasRole, type UserDetail } from '../../lib/auth.ts';
import { notifyApiError, notifySuccess } from '../../lib/notify.ts';
import { exportRequests } from './api/request-api.ts';
import { requestsTexts } from './i18n/index.ts';
import type { RequestDialog } from './use-request-page-state.ts';

/** Export of the filtered list; its state lives with the page, which outlives the filter bar (remade when the role set changes). */
export function useRequestExport(filters: FilterQuery) {
  const [exporting, setExporting] = useState(false);
  const doExport = async () => {
    setExporting(true);
    try {
      await exportRequests(filters);
      notifySuccess(requestsTexts.t('messages.exported'));
    } catch (error) {
      notifyApiError(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, doExport };
}

type RequestToolbarProps = {
  user: UserDetail | undefined;
  exporting: boolean;
  onExport: () => void;
  onOpen: (dialog: RequestDialog) => void;
  /** The page's `t`, so the buttons follow a language switch. */
  t: typeof requestsTexts.t;
};

/**
 * The filter bar's buttons: Add New (not GUEST), Add Multiple Staffs (HR, Admin), Export, and the two imports (Admin,
 * HRM, HR). A fragment, not a component: the filter bar's Space gives each button of a fragment its own item.
 */
export function requestToolbarButtons({ user, exporting, onExport, onOpen, t }: RequestToolbarProps) {
  const mayAdd = !!user && !hasRole(user, 'GUEST');
  const mayAddMultiple = hasRole(user, ...REQUEST_MULTIPLE_CREATORS);
  const mayImport = hasRole(user, ...REQUEST_IMPORTERS);

  return (
    <>
      {mayAdd ? (
        <Button icon={<PlusOutlined aria-hidden />} onClick={() => onOpen({ kind: 'create', mode: 'single' })} data-testid="request-add">
          {t('toolbar.addNew')}
        </Button>
      ) : null}
      {mayAddMultiple ? (
        <Button icon={<UsergroupAddOutlined aria-hidden />} onClick={() => onOpen({ kind: 'create', mode: 'batch' })} data-testid="request-add-multiple">
          {t('toolbar.addMultiple')}
        </Button>
      ) : null}
      <Button icon={<DownloadOutlined aria-hidden />} loading={exporting} onClick={onExport} data-testid="request-export">
        {t('toolbar.export')}
      </Button>
      {mayImport ? (
        <>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => onOpen({ kind: 'import', which: 'timeoff' })} data-testid="request-import">
            {t('toolbar.importTimeOff')}
          </Button>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => onOpen({ kind: 'import', which: 'revoke' })} data-testid="request-import-revoke">
            {t('toolbar.importRevoke')}
          </Button>
        </>
      ) : null}
    </>
  );
}
