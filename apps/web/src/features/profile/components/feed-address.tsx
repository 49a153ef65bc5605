import { useRef } from 'react';
import { Alert, Button, Input, Space, Typography, type InputRef } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import type { CalendarFeedScope } from '@tms/contracts/calendar-feeds';
import { notifySuccess, notifyWarning } from '../../../lib/notify.ts';
import { profileTexts } from '../i18n/index.ts';

/**
 * A feed's address right after it was made: the server never answers it again, so it is shown here once, read-only,
 * with a Copy button (the clipboard, else the text is selected for the keyboard) and how to subscribe to it.
 */
export function FeedAddress({ scope, url }: { scope: CalendarFeedScope; url: string }) {
  const { t } = profileTexts.useT();
  const input = useRef<InputRef>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(t('feeds.copied'));
    } catch {
      // No clipboard (permission, an http page): select the text so the keyboard can copy it.
      input.current?.select();
      notifyWarning(t('feeds.copyFailed'));
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Alert type="warning" showIcon message={t('feeds.shownOnce')} />
      <Space.Compact style={{ width: '100%' }}>
        <Input ref={input} readOnly value={url} aria-label={t('feeds.addressLabel')} onFocus={(e) => e.currentTarget.select()} data-testid={`calendar-feed-address-${scope}`} />
        <Button icon={<CopyOutlined aria-hidden />} onClick={() => void copy()} data-testid={`calendar-feed-copy-${scope}`}>
          {t('feeds.copy')}
        </Button>
      </Space.Compact>
      <div>
        <Typography.Text strong>{t('feeds.howTo.title')}</Typography.Text>
        <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
          <li>{t('feeds.howTo.google')}</li>
          <li>{t('feeds.howTo.outlook')}</li>
          <li>{t('feeds.howTo.apple')}</li>
        </ul>
      </div>
    </Space>
  );
}
