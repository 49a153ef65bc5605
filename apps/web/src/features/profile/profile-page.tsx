import { Card, Descriptions, Skeleton, Space, Tag, Typography } from 'antd';
import { useMyProfile } from './api/calendar-feeds.ts';
import { CalendarFeedsSection } from './components/calendar-feeds-section.tsx';
import { profileTexts } from './i18n/index.ts';

/** My profile (issue 30 §2): who the user is in the app, and their calendar feeds. Reached from the user menu. */
export function ProfilePage() {
  const { t } = profileTexts.useT();
  const profile = useMyProfile();
  const p = profile.data;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 880 }} data-testid="profile-page">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Card size="small">
        {p ? (
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label={t('fields.name')}>
              <span data-testid="profile-name">{p.name}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.userName')}>{p.userName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.department')}>{p.department ?? t('none')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.division')}>{p.division ?? t('none')}</Descriptions.Item>
            <Descriptions.Item label={t('fields.roles')}>
              <Space size={[4, 4]} wrap>
                {p.roles.map((role) => (
                  <Tag key={role}>{t(`roles.${role}`)}</Tag>
                ))}
              </Space>
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Skeleton active paragraph={{ rows: 2 }} />
        )}
      </Card>
      <CalendarFeedsSection />
    </Space>
  );
}
