import { Card, Col, Empty, Row, Tabs, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/auth.ts';
import { useSessionState } from '../../lib/use-session-state.ts';
import { workSchedulesTexts } from './i18n/index.ts';
import { REPORT_TABS, reportLinks, type ReportTabKey } from './report-hub.ts';

const parseTab = (raw: unknown): ReportTabKey => (raw === 'payroll' ? 'payroll' : 'tms');

/**
 * /report (spec 002 §2 Report hub): tabs TMS Report and Payroll Report, each a card per built report page the user's
 * permissions open. The active tab is kept for the session.
 */
export function ReportHubPage() {
  const { data: user } = useCurrentUser();
  const [tab, setTab] = useSessionState(`tms.report.tab:${user?.userName ?? ''}`, parseTab);
  const permissions = user?.permissions ?? [];
  // Read first: the links' titles and descriptions follow the language on screen.
  const { t } = workSchedulesTexts.useT();

  return (
    <>
      <Typography.Title level={4}>{t('hub.title')}</Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(parseTab(key))}
        data-testid="report-tabs"
        items={REPORT_TABS.map((key) => {
          const links = reportLinks(key, permissions);
          return {
            key,
            label: t(`hub.tabs.${key}`),
            children:
              links.length === 0 ? (
                <Empty description={t('hub.empty')} />
              ) : (
                <Row gutter={[16, 16]}>
                  {links.map((link) => (
                    <Col key={link.name} xs={24} sm={12} lg={8}>
                      {/* Named by what it shows, title and description (axe label-content-name-mismatch: a shorter
                          aria-label left the description out of the name). */}
                      <Link to={link.path} data-testid={`report-link-${link.name}`}>
                        <Card hoverable>
                          <Card.Meta avatar={<FileTextOutlined aria-hidden style={{ fontSize: 24 }} />} title={link.title} description={link.description} />
                        </Card>
                      </Link>
                    </Col>
                  ))}
                </Row>
              ),
          };
        })}
      />
    </>
  );
}
