import { Suspense } from 'react';
import { Layout, Menu, Space, theme } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { Link, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/auth.ts';
import { usePhoneLayout } from '../../lib/use-phone-layout.ts';
import { PageSpinner } from '../guard.tsx';
import { activeChildName, activeTabKey } from '../route-access.ts';
import { HelpMenu } from './help-menu.tsx';
import { MyWorkBadge } from './my-work-badge.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { PageErrorBoundary } from './page-error-boundary.tsx';
import { PhoneMenu } from './phone-menu.tsx';
import { UserMenu } from './user-menu.tsx';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link.tsx';
import { layoutTexts } from './i18n/index.ts';
import { groupTitle, routeTitle } from './route-titles.ts';
import './app-layout.css';

/**
 * Signed-in layout (spec 000 §2 Layout): header with the top menu from the user's menu tabs (a tab opens its first
 * page), the active tab's pages as a sub-menu row, Help and user dropdowns; the page below. On a phone (issue 26 §3)
 * both menus move into a drawer behind a menu button; the brand, bell and user menu stay in the header.
 */
export function AppLayout() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const { t } = layoutTexts.useT();
  const phone = usePhoneLayout();
  const { token } = theme.useToken();
  if (!user) return <PageSpinner />;
  const tabs = user.menuTabs;
  const tabKey = activeTabKey(tabs, pathname);
  const activeTab = tabs.find((candidate) => candidate.key === tabKey);
  const childName = activeChildName(activeTab, pathname);

  return (
    <Layout className="tms-layout">
      <SkipLink />
      <Layout.Header className="tms-header">
        {phone ? <PhoneMenu tabs={tabs} selected={childName ? `page-${childName}` : tabKey && `tab-${tabKey}`} /> : null}
        <Link to="/" className="tms-brand" aria-label={t('homeLink')}>
          TMS
        </Link>
        {phone ? <span className="tms-header-gap" /> : null}
        {phone ? null : (
          <Menu
            className="tms-top-menu"
            mode="horizontal"
            selectedKeys={tabKey ? [tabKey] : []}
            aria-label={t('mainMenu')}
            items={tabs.map((tab) => ({
              key: tab.key,
              label: (
                <Link to={tab.children[0]?.path ?? tab.path} data-testid={`menu-tab-${tab.key}`}>
                  {groupTitle(tab.key, tab.title)}
                </Link>
              ),
            }))}
          />
        )}
        <Space className="tms-header-actions" size={4}>
          {!phone && user.employeeId !== null && user.permissions.includes('check-in') ? (
            <Link to="/check-in" className="tms-check-in-link" style={{ display: 'inline-flex', alignItems: 'center', gap: 4, height: 32, paddingInline: 8, color: 'inherit' }} data-testid="header-check-in">
              <ClockCircleOutlined aria-hidden /> {routeTitle('check-in', 'Check in')}
            </Link>
          ) : null}
          <MyWorkBadge />
          <NotificationBell />
          <HelpMenu />
          <UserMenu user={user} />
        </Space>
      </Layout.Header>
      {!phone && activeTab && activeTab.children.length > 0 ? (
        <div className="tms-sub-menu">
          {/* No overflow "…" entry: antd keeps the folded items in an aria-hidden copy that still holds focusable
              links (axe aria-hidden-focus), so the row wraps instead (app-layout.css). */}
          <Menu
            mode="horizontal"
            disabledOverflow
            selectedKeys={childName ? [childName] : []}
            aria-label={t('subMenu', { tab: groupTitle(activeTab.key, activeTab.title) })}
            items={activeTab.children.map((c) => ({
              key: c.name,
              label: (
                <Link to={c.path} data-testid={`menu-item-${c.name}`}>
                  {routeTitle(c.name, c.title)}
                </Link>
              ),
            }))}
          />
        </div>
      ) : null}
      <Layout.Content className="tms-content" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <PageErrorBoundary path={pathname}>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </Layout.Content>
      <Layout.Footer className="tms-footer">
        {/* The theme's secondary text colour, as antd's Typography gave it, without Typography on the first load. */}
        <span style={{ color: token.colorTextDescription }}>{t('footer')}</span>
      </Layout.Footer>
    </Layout>
  );
}
