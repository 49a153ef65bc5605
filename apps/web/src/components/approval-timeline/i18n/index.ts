import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

/** The approval timeline's texts (issue 29), shared by the request and explanation detail views. */
export const approvalTimelineTexts = defineNamespace('approval-timeline', en, vi);

export type ApprovalTimelineT = ReturnType<typeof approvalTimelineTexts.useT>['t'];
