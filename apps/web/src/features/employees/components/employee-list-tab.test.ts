import { describe, expect, it } from 'vitest';
import { commonTexts } from '../../../components/i18n/index.ts';
import { employeesTexts } from '../i18n/index.ts';
import { columns } from './employee-list-tab.tsx';

/** Issue 26 §11: the Employee List showed the contract type as its code ('P'). */
describe('Employee List columns', () => {
  it('shows the contract type by its name', () => {
    const column = columns(employeesTexts.t, commonTexts.t, () => undefined).find((c) => c.key === 'contract_type') as { render: (v: string | null) => unknown };
    expect(column.render('P')).toBe('Probationary');
    expect(column.render(null)).toBe('');
  });
});
