import { defineNamespace } from '../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

/** The screen kit's texts: filter bar, tables, dialogs, history, status tags, request forms. */
export const commonTexts = defineNamespace('common', en, vi);
