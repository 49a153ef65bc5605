/**
 * Filling a server message's template with its parameters (issue 25). Zod-free and tiny: the web imports it with the
 * lazily loaded Vietnamese table, and the server's registry uses the same rules, so both sides say the same words.
 */
import type { Language } from './language.ts';

/** The parameters of a message, by name, as texts (numbers and dates already written as the English text had them). */
export type MessageParams = Record<string, string>;

/** A message the server sent, named by its stable key (`<namespace>.<name>`) and its parameters. */
export type MessageRef = { key: string; params: MessageParams };

/**
 * A failed rule of a check both sides run (the contracts' validators): the key and parameters of its message, which
 * the web writes in the reader's language from its catalogue, and the English `text` (key and parameters filled in
 * the English template), which the server sends. Nothing is told apart by its English text.
 */
export type CheckFailure<Key extends string = string> = { key: Key; params: MessageParams; text: string };

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * Parameters that carry an English field, column or weekday label ('Full name', 'Monday'): in Vietnamese they are
 * looked up in the label table, so "{{label}} phải là số" reads "Họ và tên phải là số", not half English.
 */
export const LABEL_PARAMS: ReadonlySet<string> = new Set(['label', 'field', 'day', 'column']);

/** Parameters that carry a number: Vietnamese writes 1.234,5 where English wrote 1234.5 (glossary). */
export const NUMBER_PARAMS: ReadonlySet<string> = new Set(['hours', 'usedHours', 'usedDays', 'n', 'max', 'min']);

/** The parameter names of a template, in the order they first appear. */
export function templateParams(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

function vietnameseParam(name: string, value: string, labels: Readonly<Record<string, string>>): string {
  if (LABEL_PARAMS.has(name)) return labels[value] ?? value;
  const number = NUMBER_PARAMS.has(name) ? /^(-?)(\d+)(?:\.(\d+))?$/.exec(value) : null;
  if (!number) return value;
  const whole = number[2]!.length > 3 ? number[2]!.replace(/\B(?=(\d{3})+$)/g, '.') : number[2]!;
  return `${number[1]}${whole}${number[3] === undefined ? '' : `,${number[3]}`}`;
}

/**
 * The template with each `{{name}}` replaced by its parameter; null when a parameter is missing, so the caller shows
 * the English text it has rather than a sentence with a hole. `labels` translates label parameters in Vietnamese.
 */
export function fillTemplate(template: string, params: Readonly<MessageParams>, language: Language, labels: Readonly<Record<string, string>> = {}): string | null {
  let missing = false;
  const text = template.replace(PLACEHOLDER, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string') {
      missing = true;
      return '';
    }
    return language === 'vi' ? vietnameseParam(name, value, labels) : value;
  });
  return missing ? null : text;
}
