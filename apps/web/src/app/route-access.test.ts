import { describe, expect, it } from 'vitest';
import { menuTabsFor, permissionsFor, routeByName } from '@tms/contracts/routes';
import { activeChildName, activeTabKey, isRouteAllowed, landingPath } from './route-access.ts';

describe('isRouteAllowed (spec 000 §6)', () => {
  const hr = permissionsFor(['HR']);
  const staff = permissionsFor(['STAFF']);
  it('allows a route in the permission list', () => {
    expect(isRouteAllowed(routeByName('annual-leave'), hr)).toBe(true);
    expect(isRouteAllowed(routeByName('annual-leave'), staff)).toBe(false);
  });
  it("allows a detail page through its parent's permission", () => {
    expect(isRouteAllowed({ name: 'project-leave-detail', parent: 'project-leave' }, ['project-leave'])).toBe(true);
    expect(isRouteAllowed({ name: 'project-leave-detail', parent: 'project-leave' }, ['annual-leave'])).toBe(false);
  });
  it('lets change-password through on a session alone', () => {
    expect(isRouteAllowed(routeByName('change-password'), [])).toBe(true);
  });
  it('lets only HR and Admin reach update-leave (RULES.md §2)', () => {
    expect(isRouteAllowed(routeByName('update-leave'), [])).toBe(false);
    expect(isRouteAllowed(routeByName('update-leave'), staff)).toBe(false);
    expect(isRouteAllowed(routeByName('update-leave'), permissionsFor(['HRM']))).toBe(false);
    expect(isRouteAllowed(routeByName('update-leave'), hr)).toBe(true);
    expect(isRouteAllowed(routeByName('update-leave'), permissionsFor(['ADMIN']))).toBe(true);
  });
});

describe('landingPath', () => {
  it("uses the server's default path", () => {
    expect(landingPath({ defaultPath: '/leave-management/annual-leave', permissions: [], roles: ['HR'] })).toBe('/leave-management/annual-leave');
  });
  it('falls back to the contracts rule and never to / itself', () => {
    expect(landingPath({ defaultPath: '', permissions: permissionsFor(['HR']), roles: ['HR'] })).toBe('/timesheet');
    expect(landingPath({ defaultPath: '/', permissions: [], roles: ['STAFF'] })).toBe('/');
    expect(landingPath({ defaultPath: null, permissions: permissionsFor(['STAFF']), roles: ['STAFF'] })).toBe('/timesheet');
    expect(landingPath({ defaultPath: null, permissions: permissionsFor(['GUEST']), roles: ['GUEST'] })).toBe('/timesheet/request-management');
  });
});

describe('menu selection', () => {
  const tabs = menuTabsFor(permissionsFor(['HR']));
  it('finds the tab of a page and of a detail page', () => {
    expect(activeTabKey(tabs, '/leave-management/annual-leave')).toBe('leave-management');
    expect(activeTabKey(tabs, '/leave-management/project-leave/12')).toBe('leave-management');
    expect(activeTabKey(tabs, '/leave-management')).toBe('leave-management');
    expect(activeTabKey(tabs, '/nowhere')).toBeUndefined();
  });
  it('selects the sub-menu page, detail pages selecting their list page', () => {
    const tab = tabs.find((t) => t.key === 'leave-management');
    expect(activeChildName(tab, '/leave-management/project-leave/12')).toBe('project-leave');
    expect(activeChildName(tab, '/leave-management/project-leaves')).toBeUndefined();
  });
});
