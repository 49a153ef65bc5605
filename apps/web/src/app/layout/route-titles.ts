import { i18next } from '../../lib/i18n.ts';
import './i18n/index.ts';

/**
 * A page's or menu group's title in the current language, by its name in contracts/routes.ts; the server's English
 * title when the catalogue has none (a page added without its translation still shows its name).
 */
export function routeTitle(name: string, fallback: string): string {
  const key = `routes.${name}`;
  return i18next.exists(key, { ns: 'layout' }) ? i18next.t(key, { ns: 'layout' }) : fallback;
}

export function groupTitle(key: string, fallback: string): string {
  const path = `groups.${key}`;
  return i18next.exists(path, { ns: 'layout' }) ? i18next.t(path, { ns: 'layout' }) : fallback;
}
