import { fillTemplate, type MessageRef } from '@tms/contracts/i18n/format';
import { DEFAULT_LANGUAGE, type Language } from '@tms/contracts/language';
import type { ApiError } from './api-error.ts';

/**
 * The server's messages in the reader's language (issue 25). The server sends each English text with its key and
 * parameters; here the key picks the Vietnamese text, loaded on demand so the login bundle stays small. English needs
 * nothing: it is the text as sent. Whoever owns the language setting calls setServerMessageLanguage.
 */

type VietnameseTables = { messages: Readonly<Record<string, string>>; labels: Readonly<Record<string, string>> };

let vietnamese: VietnameseTables | null = null;
let loading: Promise<void> | null = null;
let current: Language = DEFAULT_LANGUAGE;

/** Loads the texts of `language` (only Vietnamese has any); resolves at once when they are there. */
export function loadServerMessages(language: Language): Promise<void> {
  if (language !== 'vi' || vietnamese) return Promise.resolve();
  loading ??= import('@tms/contracts/i18n/server-messages.vi').then(
    (table) => {
      vietnamese = { messages: table.SERVER_MESSAGES_VI, labels: table.SERVER_MESSAGE_LABELS_VI };
    },
    (error: unknown) => {
      // A failed chunk load (a deploy replaced it) may succeed later: the next call tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The language error notices use from now on; loads its texts (until then notices stay English). */
export function setServerMessageLanguage(language: Language): Promise<void> {
  current = language;
  return loadServerMessages(language);
}

export function serverMessageLanguage(): Language {
  return current;
}

/** One text in `language`: its loaded translation filled with its parameters, else the English text as sent. */
export function localizedText(text: string, ref: MessageRef | null | undefined, language: Language = current): string {
  if (language !== 'vi' || !ref || !vietnamese) return text;
  const template = vietnamese.messages[ref.key];
  return (template === undefined ? null : fillTemplate(template, ref.params, language, vietnamese.labels)) ?? text;
}

/** Every message of a failed call in `language` (synchronous: English until the language's texts are loaded). */
export function localizedMessages(error: ApiError, language: Language = current): string[] {
  return error.messages.map((text, i) => localizedText(text, error.details[i], language));
}

/** The single message of a failed call (`error.message`, the login page's `errorMessage`) in `language`. */
export function localizedErrorMessage(error: ApiError, language: Language = current): string {
  return localizedText(error.message, error.messageRef, language);
}
