import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, type MenuProps } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import type { UserDetail } from '../../lib/auth.ts';
import { layoutTexts } from './i18n/index.ts';
import { groupTitle, routeTitle } from './route-titles.ts';

type MenuTab = UserDetail['menuTabs'][number];

const PhoneMenuDrawer = lazy(() => import('./phone-menu-drawer.tsx'));

/**
 * The phone's section menu (issue 26 §3): a button opening a drawer with every tab and its pages, in place of the top
 * menu and the sub-menu row, which do not fit 390 px. It closes on any navigation (a link here, Back, a link in the
 * page), so the page is never left behind a drawer.
 */
export function PhoneMenu({ tabs, selected }: { tabs: readonly MenuTab[]; selected: string | undefined }) {
  const { t } = layoutTexts.useT();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // The drawer's code is fetched on the first open (the first load of a phone does not carry antd's Drawer) and kept.
  const [opened, setOpened] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const link = (key: string, path: string, title: string) => ({
    key,
    label: (
      <Link to={path} data-testid={`phone-menu-${key}`} onClick={() => setOpen(false)}>
        {title}
      </Link>
    ),
  });
  // One group per tab with its pages; a tab without pages is a link of its own.
  const items: MenuProps['items'] = tabs.map((tab) =>
    tab.children.length === 0
      ? link(`tab-${tab.key}`, tab.path, groupTitle(tab.key, tab.title))
      : {
          type: 'group' as const,
          key: `group-${tab.key}`,
          label: groupTitle(tab.key, tab.title),
          children: tab.children.map((c) => link(`page-${c.name}`, c.path, routeTitle(c.name, c.title))),
        },
  );
  return (
    <>
      <Button
        type="text"
        icon={<MenuOutlined aria-hidden />}
        aria-label={t('phoneMenu.open')}
        aria-expanded={open}
        aria-controls="tms-phone-menu"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        data-testid="phone-menu-button"
      />
      {opened ? (
        <Suspense fallback={null}>
          <PhoneMenuDrawer open={open} onClose={() => setOpen(false)} selected={selected} items={items} />
        </Suspense>
      ) : null}
    </>
  );
}
