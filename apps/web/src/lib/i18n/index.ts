import { defineNamespace } from '../i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const libTexts = defineNamespace('lib', en, vi);
