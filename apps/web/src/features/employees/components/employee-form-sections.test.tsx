import { renderToStaticMarkup } from 'react-dom/server';
import { Form } from 'antd';
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_MESSAGES as M } from '@tms/contracts/employees';
import { AccountRow } from './employee-form-sections.tsx';
import type { EmployeeRecord } from './use-employee-form.ts';

const roleOptions = [{ value: 'STAFF', label: 'Staff', disabled: false }];
const render = (record: EmployeeRecord | null, createAccount?: boolean) =>
  renderToStaticMarkup(
    <Form>
      <AccountRow record={record} roleOptions={roleOptions} rolesLoading={false} createAccount={createAccount} />
    </Form>,
  );
const withAccount = (account: unknown) => ({ account }) as unknown as EmployeeRecord;

describe('AccountRow', () => {
  it("edit: the roles of the employee's account, or a note that there is none", () => {
    const html = render(withAccount({ username: 'staff', roles: ['STAFF'] }));
    expect(html).toContain('of user staff');
    expect(html).toContain('employee-field-roles');
    expect(html).not.toContain('employee-field-createAccount');
    const none = render(withAccount(null));
    expect(none).toContain(M.noAccountForRoles);
    expect(none).not.toContain('employee-field-roles');
  });

  it('create: the account switch, and the roles once an account is asked for', () => {
    expect(render(null, false)).toContain('employee-field-createAccount');
    expect(render(null, false)).not.toContain('employee-field-roles');
    expect(render(null, true)).toContain('employee-field-roles');
  });
});
