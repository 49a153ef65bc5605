import { defineNamespace } from '../../../lib/i18n.ts';
import { en } from './en.ts';
import { vi } from './vi.ts';

export const approvalFlowsTexts = defineNamespace('approval-flows', en, vi);

export type ApprovalFlowsT = ReturnType<typeof approvalFlowsTexts.useT>['t'];
