import { Button, Card, Space, Typography } from 'antd';
import { DeleteOutlined, LinkOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CalendarFeed, CalendarFeedScope } from '@tms/contracts/calendar-feeds';
import { confirmDialog } from '../../../components/confirm-dialog.tsx';
import { formatDateTime, formatDmy } from '../../../lib/dates.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feeds.ts';
import { profileTexts } from '../i18n/index.ts';
import { FeedAddress } from './feed-address.tsx';

type FeedCardProps = {
  scope: CalendarFeedScope;
  feed: CalendarFeed | undefined;
  /** The address made in this visit (shown once), or null. */
  url: string | null;
  onCreated: (scope: CalendarFeedScope, url: string | null) => void;
};

/** One scope's feed: whether it exists, when it was made and last read, and Create / Re-create / Revoke. */
export function FeedCard({ scope, feed, url, onCreated }: FeedCardProps) {
  const { t } = profileTexts.useT();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const active = feed?.active ?? false;

  const doCreate = async () => {
    const created = await create.mutateAsync(scope);
    onCreated(scope, created.url);
    notifySuccess(t('feeds.created_ok'));
  };
  const onCreate = () => {
    if (!active) return void doCreate().catch(() => undefined);
    confirmDialog({ title: t('feeds.recreateTitle'), content: t('feeds.recreateContent'), okText: t('feeds.recreate'), danger: true, onOk: doCreate });
  };
  const onRevoke = () =>
    confirmDialog({
      title: t('feeds.revokeTitle'),
      content: t('feeds.revokeContent'),
      okText: t('feeds.revoke'),
      danger: true,
      onOk: async () => {
        await revoke.mutateAsync(scope);
        onCreated(scope, null);
        notifySuccess(t('feeds.revoked_ok'));
      },
    });

  const status = active
    ? [t('feeds.created', { date: formatDmy(feed?.createdAt) }), feed?.lastFetchedAt ? t('feeds.lastFetched', { date: formatDateTime(feed.lastFetchedAt) }) : t('feeds.neverFetched')].join(' · ')
    : t('feeds.none');

  return (
    <Card size="small" title={t(`feeds.scopes.${scope}.title`)} data-testid={`calendar-feed-${scope}`}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t(`feeds.scopes.${scope}.hint`)}</Typography.Text>
        <Typography.Text data-testid={`calendar-feed-status-${scope}`}>{status}</Typography.Text>
        <Space wrap>
          <Button type={active ? 'default' : 'primary'} icon={active ? <ReloadOutlined aria-hidden /> : <LinkOutlined aria-hidden />} loading={create.isPending} onClick={onCreate} data-testid={`calendar-feed-create-${scope}`}>
            {active ? t('feeds.recreate') : t('feeds.create')}
          </Button>
          {active && (
            <Button danger icon={<DeleteOutlined aria-hidden />} loading={revoke.isPending} onClick={onRevoke} data-testid={`calendar-feed-revoke-${scope}`}>
              {t('feeds.revoke')}
            </Button>
          )}
        </Space>
        {url && <FeedAddress scope={scope} url={url} />}
      </Space>
    </Card>
  );
}
