import { describe, expect, it } from 'vitest';
import { pendingStepText } from '@tms/contracts/approval-flows';
import { setLanguage } from '../../../lib/i18n.ts';
import { requestsTexts } from '../i18n/index.ts';
import { pendingStepLabel } from './pending-step-label.ts';

describe('the Status column of a request in a flow', () => {
  const row = { status: 1, is_expired: false, approver: { id: 4, user_name: 'dl', name: 'Phạm Văn Dũng' }, approval_step: { step: 2, count: 3, flow_name: 'Long leave' } };

  it('says the step and its approver, word for word as the contract', () => {
    expect(pendingStepLabel(row)).toBe(pendingStepText(2, 3, 'dl'));
    expect(pendingStepLabel({ ...row, approver: { id: null, user_name: null, name: null } })).toBe(pendingStepText(2, 3, null));
  });

  it('leaves the usual status to a request without a flow, a decided one and an expired one', () => {
    expect(pendingStepLabel({ ...row, approval_step: null })).toBeUndefined();
    expect(pendingStepLabel({ ...row, status: 3 })).toBeUndefined();
    expect(pendingStepLabel({ ...row, is_expired: true })).toBeUndefined();
  });

  it('reads in Vietnamese', async () => {
    await setLanguage('vi');
    try {
      expect(pendingStepLabel(row, requestsTexts.t)).toBe('Chờ duyệt — bước 2/3 (dl)');
    } finally {
      await setLanguage('en');
    }
  });
});

