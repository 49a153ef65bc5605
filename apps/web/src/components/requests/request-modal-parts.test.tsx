import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { Form } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { REASON_ANNUAL, REASON_BIRTHDAY, REASON_OFFSET } from '@tms/contracts/requests';
import { RequestApprovalSummary } from './request-approval-summary.tsx';
import { RequestStaffField } from './request-type-fields.tsx';

const render = (node: ReactElement) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <Form>{node}</Form>
    </QueryClientProvider>,
  );
const text = (html: string, testId: string) => html.match(new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`))?.[1];

describe('RequestApprovalSummary', () => {
  const balance = { data: { remain_annual_leave: 12, annual_leave_balance_hours: 20.5, remainOffsetLeave: 3, remain_birthday_leave: 1 }, isLoading: false };

  it('shows the balance of the chosen reason in its unit (spec 001 §9) and the approver', () => {
    expect(text(render(<RequestApprovalSummary reason={REASON_ANNUAL} balance={balance} approver={{ name: 'Lead', user_name: 'gl' }} />), 'request-balance')).toBe(
      '12.000 hours (with advance: 20.500)',
    );
    expect(text(render(<RequestApprovalSummary reason={REASON_OFFSET} balance={balance} approver={null} />), 'request-balance')).toBe('3.000 hours');
    expect(text(render(<RequestApprovalSummary reason={REASON_BIRTHDAY} balance={balance} approver={null} />), 'request-balance')).toBe('1.000 day');
    expect(text(render(<RequestApprovalSummary reason={REASON_ANNUAL} balance={balance} approver={{ name: 'Lead', username: 'gl' }} />), 'request-approver')).toBe('Lead - gl');
  });

  it('hides the balance for a reason without one, shows … while it loads and — without an approver', () => {
    const html = render(<RequestApprovalSummary reason="OTHER" balance={balance} approver={undefined} />);
    expect(html).not.toContain('request-balance');
    expect(text(html, 'request-approver')).toBe('—');
    expect(text(render(<RequestApprovalSummary reason={REASON_ANNUAL} balance={{ isLoading: true }} approver={null} />), 'request-balance')).toBe('…');
  });
});

describe('RequestStaffField', () => {
  const owner = { user_name: 'staff', name: 'Staff One' };

  it('asks for the staff in batch mode and for a new onsite request', () => {
    expect(render(<RequestStaffField mode="batch" editing={false} owner={null} userName="hr" />)).toContain('request-usernames');
    expect(render(<RequestStaffField mode="onsite" editing={false} owner={null} userName="hr" />)).toContain('request-usernames');
  });

  it("names the staff of a request for someone else, and nothing for one's own", () => {
    expect(render(<RequestStaffField mode="single" editing owner={owner} userName="hr" />)).toContain('Staff: Staff One - staff');
    expect(render(<RequestStaffField mode="onsite" editing owner={owner} userName="staff" />)).not.toContain('request-owner');
    expect(render(<RequestStaffField mode="single" editing={false} owner={null} userName="hr" />)).not.toContain('request-owner');
  });
});
