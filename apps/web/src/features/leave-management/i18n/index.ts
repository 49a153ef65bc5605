import { defineNamespace, type Translate } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const leaveManagementTexts = defineNamespace('leave-management', en, vi);

/** The namespace's `t`, for column and field builders that take it. */
export type LeaveManagementT = Translate<typeof en>;
