import { Button, Typography } from 'antd';
import { useNavigate } from 'react-router';

/**
 * 404 (spec 000 §2, 002 §2): 'Oops!', '404 - PAGE NOT FOUND', a description and 'GO TO HOMEPAGE'.
 * The spec's button leads to the timesheet page; while /timesheet is not built that would land here again, so it
 * goes to `/`, where the guard sends the user to their default path (/login without a session).
 */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', padding: 24, textAlign: 'center' }} data-testid="not-found">
      <Typography.Title style={{ fontSize: 72, margin: 0 }}>Oops!</Typography.Title>
      <Typography.Title level={3} style={{ marginTop: 8 }}>
        404 - PAGE NOT FOUND
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 480 }}>
        The page you are looking for might have been removed, had its name changed, is temporarily unavailable or you do not have permission to open it.
      </Typography.Paragraph>
      <Button type="primary" size="large" onClick={() => navigate('/')} data-testid="go-home">
        GO TO HOMEPAGE
      </Button>
    </div>
  );
}
