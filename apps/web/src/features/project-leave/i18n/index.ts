import { defineNamespace, type Translate } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const projectLeaveTexts = defineNamespace('project-leave', en, vi);

/** The namespace's `t`, for column builders that take it. */
export type ProjectLeaveT = Translate<typeof en>;
