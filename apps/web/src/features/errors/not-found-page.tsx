import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { errorTexts } from './i18n/index.ts';

/**
 * 404 (spec 000 §2, 002 §2): 'Oops!', '404 - PAGE NOT FOUND', a description and 'GO TO HOMEPAGE'.
 * The spec's button leads to the timesheet page; while /timesheet is not built that would land here again, so it
 * goes to `/`, where the guard sends the user to their default path (/login without a session).
 */
export function NotFoundPage() {
  const navigate = useNavigate();
  const { t } = errorTexts.useT();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', padding: 24, textAlign: 'center' }} data-testid="not-found">
      <Typography.Title style={{ fontSize: 72, margin: 0 }}>{t('oops')}</Typography.Title>
      <Typography.Title level={3} style={{ marginTop: 8 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 480 }}>
        {t('description')}
      </Typography.Paragraph>
      <Button type="primary" size="large" onClick={() => navigate('/')} data-testid="go-home">
        {t('home')}
      </Button>
    </div>
  );
}
