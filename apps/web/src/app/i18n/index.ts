import { defineNamespace } from '../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

/** The entry's own texts: what the app says when its code fails (app-failed.tsx). */
export const appTexts = defineNamespace('app', en, vi);
