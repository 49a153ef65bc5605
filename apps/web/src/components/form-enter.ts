/**
 * Issue 26 §5: a browser submits a form when Enter is pressed in one of its text inputs ("implicit submission"). In a
 * date picker Enter only confirms the typed date, so it must never submit the form around it (on the 40-field
 * employee form it saved a half-filled record). The same holds for the searchable selects, where Enter picks an
 * option. Text fields and buttons keep their usual Enter.
 */
const ENTER_CONFIRMS = '.ant-picker, .ant-select';

export type KeyTarget = { closest?: (selector: string) => unknown } | null;

/** True when this key press would submit the form from a picker or select: the form's submission is prevented. */
export function enterOnlyConfirmsField(key: string, target: KeyTarget): boolean {
  return key === 'Enter' && typeof target?.closest === 'function' && target.closest(ENTER_CONFIRMS) !== null;
}
