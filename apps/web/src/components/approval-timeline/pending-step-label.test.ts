import { describe, expect, it } from 'vitest';
import { pendingStepText } from '@tms/contracts/approval-flows';
import { setLanguage } from '../../lib/i18n.ts';
import { approvalTimelineTexts } from './i18n/index.ts';
import { pendingStepLabel } from './pending-step-label.ts';

describe('the status of a pending item in an approval flow', () => {
  const item = { pending: true, approverUserName: 'dl', approval_step: { step: 2, count: 3 } };

  it('says the step and its approver, word for word as the contract', () => {
    expect(pendingStepLabel(item)).toBe(pendingStepText(2, 3, 'dl'));
    expect(pendingStepLabel({ ...item, approverUserName: null })).toBe(pendingStepText(2, 3, null));
  });

  it('leaves the usual status to an item without a flow and a decided or expired one', () => {
    expect(pendingStepLabel({ ...item, approval_step: null })).toBeUndefined();
    expect(pendingStepLabel({ ...item, pending: false })).toBeUndefined();
  });

  it('reads in Vietnamese', async () => {
    await setLanguage('vi');
    try {
      expect(pendingStepLabel(item, approvalTimelineTexts.t)).toBe('Chờ duyệt — bước 2/3 (dl)');
    } finally {
      await setLanguage('en');
    }
  });
});
