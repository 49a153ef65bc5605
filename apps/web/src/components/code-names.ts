import { EMPLOYEE_CONTRACT_TYPES, EMPLOYEE_GENDERS } from '@tms/contracts/employees';
import type { commonTexts } from './i18n/index.ts';

type CommonT = typeof commonTexts.t;
type ContractType = (typeof EMPLOYEE_CONTRACT_TYPES)[number]['value'];
type Gender = (typeof EMPLOYEE_GENDERS)[number]['value'];
const isContractType = (code: string): code is ContractType => EMPLOYEE_CONTRACT_TYPES.some((c) => c.value === code);
const isGender = (code: string): code is Gender => EMPLOYEE_GENDERS.some((g) => g.value === code);

/**
 * Stored codes as people read them (issue 26 §11: contract types were shown raw), one owner for every screen that
 * shows them: the employee form and list, the logs. A code this list does not know is shown as stored.
 */
export function contractTypeName(t: CommonT, code: string | null | undefined): string {
  if (!code) return '';
  return isContractType(code) ? t(`codes.contractTypes.${code}`) : code;
}

/** The contract types as a select offers them: `P (Probationary)`. */
export function contractTypeOptions(t: CommonT): { value: string; label: string }[] {
  return EMPLOYEE_CONTRACT_TYPES.map((c) => ({ value: c.value, label: t('codes.contractTypeOption', { code: c.value, name: contractTypeName(t, c.value) }) }));
}

export function genderName(t: CommonT, code: string | null | undefined): string {
  if (!code) return '';
  return isGender(code) ? t(`codes.genders.${code}`) : code;
}
