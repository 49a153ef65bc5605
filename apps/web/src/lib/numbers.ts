import type { Language } from '@tms/contracts/language';

/**
 * The one place numbers are written on screen (issue 7 §8): spec 000 §9 and 001 §9 — hours with 2 decimals, leave
 * numbers (balances) with 3, day values as the grid writes them (1, 0.5, 0.88: at most 2 decimals, RULES.md §4),
 * counts and minutes whole. A missing or non-finite value gives `empty` (default '').
 *
 * In Vietnamese the decimal separator is a comma and thousands are grouped with a dot (4,50 giờ; 1.234 dòng; issue
 * 25). English keeps the plain form the spec shows (8.00, 1234).
 */

let numberLanguage: Language = 'en';

/** Set by the app on every language switch (app/providers.tsx). */
export function setNumberLanguage(language: Language): void {
  numberLanguage = language;
}

/** '-1234.50' written in the current language: '-1.234,50' in Vietnamese, unchanged in English. */
export function localizeNumberText(text: string): string {
  if (numberLanguage !== 'vi' || !/^-?\d+(\.\d+)?$/.test(text)) return text;
  const negative = text.startsWith('-');
  const [whole, decimals] = (negative ? text.slice(1) : text).split('.') as [string, string | undefined];
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${decimals === undefined ? '' : `,${decimals}`}`;
}

const finite = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Rounds half away from zero at `places` decimals without binary drift (1.005 → 1.01). */
function round(value: number, places: number): number {
  const factor = 10 ** places;
  return Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor;
}

/** Hours: always 2 decimals (8.00, 12.50). */
export function formatHours(value: number | null | undefined, empty = ''): string {
  return finite(value) ? localizeNumberText(round(value, 2).toFixed(2)) : empty;
}

/** Leave numbers and balances: always 3 decimals (17.500, 18.000; spec 001 §9 "leave numbers shown to 3 decimals"). */
export function formatLeave(value: number | null | undefined, empty = ''): string {
  return finite(value) ? localizeNumberText(round(value, 3).toFixed(3)) : empty;
}

/** Day values and day totals as the grid writes them: at most 2 decimals, no trailing zeros (1, 0.5, 19.26). */
export function formatDays(value: number | null | undefined, empty = ''): string {
  return finite(value) ? localizeNumberText(String(round(value, 2) + 0)) : empty;
}

/** Counts and minutes: whole numbers. */
export function formatCount(value: number | null | undefined, empty = ''): string {
  return finite(value) ? localizeNumberText(String(Math.round(value) + 0)) : empty;
}

/**
 * `formatter` of an hours InputNumber: what the user types stays as typed; a settled value shows 2 decimals (8 →
 * '8.00') unless it has more, which stays visible so the form's decimals rule can name it.
 */
export function hoursInputText(value: string | number | undefined, info: { userTyping: boolean; input: string }): string {
  if (info.userTyping) return info.input;
  if (value === undefined || value === '') return '';
  const text = String(value);
  const number = Number(text);
  if (!Number.isFinite(number)) return text;
  // No thousands group inside an input: the parser reads a dot as the decimal point when no comma is typed.
  const plain = (text.split('.')[1]?.length ?? 0) > 2 ? text : round(number, 2).toFixed(2);
  return numberLanguage === 'vi' ? plain.replace('.', ',') : plain;
}

/**
 * What a number input's text means in either language (issue 25: inputs accept the separator the user types): a
 * comma is the decimal point (dots before it group thousands: '1.234,5'); without a comma a dot is the decimal point
 * ('4.5', as typed on an English keyboard). Answers the text with a dot decimal point, as antd's InputNumber parses.
 */
export function parseNumberInput(text: string | undefined): string {
  const trimmed = (text ?? '').trim().replace(/\s/g, '');
  if (trimmed.includes(',')) return trimmed.replace(/\./g, '').replace(',', '.');
  return trimmed;
}

/** Whether text typed in a number field reads as a number once parsed ('4,5', ' 12 ', '1.'): not 'abc', '-', ''. */
export function isNumberText(text: string | undefined): boolean {
  const parsed = parseNumberInput(text);
  return parsed !== '' && Number.isFinite(Number(parsed));
}
