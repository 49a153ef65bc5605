import { useState } from 'react';
import { Button, Drawer, Spin } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { onsiteTimelinePath, type OnsiteDetail } from '@tms/contracts/onsite';
import { HistoryViewer } from '../../../components/history-viewer.tsx';
import { ApprovalTimeline } from '../../../components/approval-timeline/approval-timeline.tsx';
import { onsiteHistoryQuery, useOnsiteDetail } from '../api/onsite-api.ts';
import { OnsiteApproval, OnsiteDetailStaff, OnsiteDetailSummary } from './onsite-detail-parts.tsx';
import { OnsiteFiles } from './onsite-files.tsx';
import { en } from '../i18n/en.ts';
import { onsiteTexts } from '../i18n/index.ts';

/** The history's field names, in the reader's language. */
const historyLabels = (t: typeof onsiteTexts.t): Record<string, string> =>
  Object.fromEntries(Object.keys(en.historyFields).map((field) => [field, t(`historyFields.${field as keyof typeof en.historyFields}`)]));

/**
 * The detail drawer (spec 002 §2): the request, both stages with who and when, the Department stage's approval steps
 * (its approval flow's, or its single approver), staff, CC, files and history.
 */
export function OnsiteDetailDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = onsiteTexts.useT();
  const detail = useOnsiteDetail(id);
  const [showHistory, setShowHistory] = useState(false);
  const history = useQuery({ ...onsiteHistoryQuery(id), enabled: showHistory });
  const d: OnsiteDetail | undefined = detail.data;

  return (
    <Drawer open width={760} title={d ? d.title : t('detail.fallbackTitle')} onClose={onClose} destroyOnHidden data-testid="onsite-drawer">
      {!d ? (
        <Spin />
      ) : (
        <>
          <OnsiteDetailSummary d={d} />
          <OnsiteApproval d={d} />
          <ApprovalTimeline path={onsiteTimelinePath(id)} />
          <OnsiteDetailStaff d={d} />
          <OnsiteFiles id={id} files={d.files} mayChange={d.actions.files} />
          <Button style={{ marginTop: 16 }} icon={<HistoryOutlined aria-hidden />} onClick={() => setShowHistory(true)} data-testid="onsite-history">
            {t('detail.history')}
          </Button>
          <HistoryViewer
            open={showHistory}
            title={t('detail.historyTitle')}
            entries={history.data}
            loading={history.isLoading}
            onClose={() => setShowHistory(false)}
            fieldLabels={historyLabels(t)}
          />
        </>
      )}
    </Drawer>
  );
}
