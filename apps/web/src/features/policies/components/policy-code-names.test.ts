import { afterEach, describe, expect, it } from 'vitest';
import { OT_RULES, RULE_TYPES } from '@tms/contracts/policies';
import { setLanguage } from '../../../lib/i18n.ts';
import { policiesTexts } from '../i18n/index.ts';
import { namedOptions, otRuleName, ruleTypeName } from './policy-code-names.ts';

afterEach(async () => {
  await setLanguage('en');
});

/** Issue 26 §1.11: the policy lists showed 'DAY' and 'OT_FIXED', and the form's selects English labels to a Vietnamese reader. */
describe("a policy's rule type and OT rule by name", () => {
  it("names every code the rule-config lookup offers, in English as contracts label them", () => {
    for (const r of RULE_TYPES) expect(ruleTypeName(policiesTexts.t, r.value)).toBe(r.label);
    for (const r of OT_RULES) expect(otRuleName(policiesTexts.t, r.value)).toBe(r.label);
  });

  it('reads Vietnamese after the switch; an unknown code shows as stored, none as empty', async () => {
    await setLanguage('vi');
    expect(ruleTypeName(policiesTexts.t, 'DAY')).toBe('Theo ngày');
    expect(otRuleName(policiesTexts.t, 'OT_FLEXIBLE_IGNORE')).toBe('OT linh hoạt (Không OT)');
    expect(namedOptions([...RULE_TYPES], (c) => ruleTypeName(policiesTexts.t, c))).toEqual([
      { value: 'DAY', label: 'Theo ngày' },
      { value: 'HOUR', label: 'Theo giờ (linh hoạt)' },
    ]);
    expect(ruleTypeName(policiesTexts.t, 'WEEK')).toBe('WEEK');
    expect(otRuleName(policiesTexts.t, null)).toBe('');
  });
});
