import { describe, expect, it } from 'vitest';
import { commonTexts } from '../i18n/index.ts';
import { approverText } from './request-approval-summary.tsx';

/** Who the Create Request form says will approve (issue 29: the approval flow's steps when one applies). */
describe('approverText', () => {
  const t = commonTexts.t;
  it('the single approver as name - username', () => {
    expect(approverText({ name: 'Giang', user_name: 'gl' }, t)).toBe('Giang - gl');
    expect(approverText(null, t)).toBe('');
  });
  it("each step's approver in order when a flow applies", () => {
    const flow = { name: 'Leave over 2 days', auto_approve: false, steps: [{ name: 'Giang', user_name: 'gl' }, { name: 'Dung', user_name: 'dl' }] };
    expect(approverText({ name: 'Giang', user_name: 'gl', approval_flow: flow }, t)).toBe('Giang - gl → Dung - dl');
  });
  it('an automatic approval names the flow', () => {
    const flow = { name: 'Short work outside', auto_approve: true, steps: [] };
    expect(approverText({ name: 'Giang', user_name: 'gl', approval_flow: flow }, t)).toBe('Approved automatically (flow "Short work outside")');
  });
});
