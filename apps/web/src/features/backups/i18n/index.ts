import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const backupsTexts = defineNamespace('backups', en, vi);

export type BackupsT = ReturnType<typeof backupsTexts.useT>['t'];
