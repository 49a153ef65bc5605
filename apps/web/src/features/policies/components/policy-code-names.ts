import { en } from '../i18n/en.ts';
import type { PoliciesT } from '../i18n/index.ts';

/**
 * A policy's rule type ('DAY') and OT rule ('OT_FIXED') as people read them, in the language on screen (spec 002: the
 * rule type has its Vietnamese name); a code this version does not know shows as stored.
 */
export function ruleTypeName(t: PoliciesT, code: string | null | undefined): string {
  if (!code) return '';
  return Object.hasOwn(en.ruleTypes, code) ? t(`ruleTypes.${code as keyof typeof en.ruleTypes}`) : code;
}

export function otRuleName(t: PoliciesT, code: string | null | undefined): string {
  if (!code) return '';
  return Object.hasOwn(en.otRules, code) ? t(`otRules.${code as keyof typeof en.otRules}`) : code;
}

/** The rule-config lookup's options, labelled in the language on screen. */
export const namedOptions = (options: readonly { value: string; label: string }[] | undefined, name: (code: string) => string) =>
  (options ?? []).map((o) => ({ value: o.value, label: name(o.value) }));
