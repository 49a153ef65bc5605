/**
 * The two languages of the product (issue 25): English is the source of every text and the spec's contract;
 * Vietnamese is complete beside it. A user's choice is stored on the user; before sign-in the browser decides.
 */
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Names shown in the language switch: each in its own language, so a reader finds theirs. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', vi: 'Tiếng Việt' };

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'vi';
}

/**
 * The language of a BCP 47 tag or an Accept-Language header: Vietnamese when its first language is Vietnamese
 * (`vi`, `vi-VN`), else English (issue 25: "vi → Vietnamese, else English").
 */
export function languageFromTag(tag: string | null | undefined): Language {
  const first = (tag ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first === 'vi' || first.startsWith('vi-') ? 'vi' : 'en';
}

/** The header the web sends on every API call with the language the user reads now. */
export const LANGUAGE_HEADER = 'accept-language';
