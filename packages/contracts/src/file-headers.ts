import type { Language } from './language.ts';

/**
 * Header rows of the files the server writes and reads (issue 25): an export or a template carries its headers in the
 * requester's language, and an import accepts either language's headers. Each header list in contracts has its
 * Vietnamese twin beside it (`…_VI`, same keys, same order); docs/i18n-files-and-names.md says how they are used.
 */

/** One text (or table of texts) in each language. */
export type Bilingual<T> = Readonly<Record<Language, T>>;

/** Header texts by column key (an import template's columns, an export's). */
export type HeaderTexts<K extends string = string> = Readonly<Record<K, string>>;

/**
 * The shape a Vietnamese twin must have: a text for every key of the English table, or for every position of the
 * English list, so the two cannot drift apart.
 */
export type Twin<T> = { readonly [K in keyof T]: string };

/** The column an import's error report adds (RULES.md §1). */
export const IMPORT_ERROR_HEADER: Bilingual<string> = { en: 'Error', vi: 'Lỗi' };

/** The row-number column of the exports that number their rows. */
export const ROW_NUMBER_HEADER: Bilingual<string> = { en: 'No', vi: 'STT' };
