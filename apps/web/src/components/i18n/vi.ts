import type { Translation } from '../../lib/i18n.ts';
import type { en } from './en.ts';

export const vi: Translation<typeof en> = {};
