import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

/** The layout's texts; route and menu-group titles by their names in contracts/routes.ts. */
export const layoutTexts = defineNamespace('layout', en, vi);
