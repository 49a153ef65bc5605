import { useState } from 'react';
import { Skeleton, Space, Typography } from 'antd';
import { CALENDAR_FEED_SCOPES, type CalendarFeedScope } from '@tms/contracts/calendar-feeds';
import { useCalendarFeeds } from '../api/calendar-feeds.ts';
import { profileTexts } from '../i18n/index.ts';
import { FeedCard } from './feed-card.tsx';

/** My profile → Calendar feeds (issue 30 §2): one card per scope; an address made here stays shown until the page is left. */
export function CalendarFeedsSection() {
  const { t } = profileTexts.useT();
  const feeds = useCalendarFeeds();
  const [urls, setUrls] = useState<Partial<Record<CalendarFeedScope, string | null>>>({});
  const onCreated = (scope: CalendarFeedScope, url: string | null) => setUrls((current) => ({ ...current, [scope]: url }));
  return (
    <section aria-labelledby="calendar-feeds-title">
      <Typography.Title level={4} id="calendar-feeds-title">
        {t('feeds.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('feeds.intro')}</Typography.Paragraph>
      {feeds.isPending ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          {CALENDAR_FEED_SCOPES.map((scope) => (
            <FeedCard key={scope} scope={scope} feed={feeds.data?.find((f) => f.scope === scope)} url={urls[scope] ?? null} onCreated={onCreated} />
          ))}
        </Space>
      )}
    </section>
  );
}
