import { fillTemplate, type MessageRef } from '@tms/contracts/message-format';
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

type KeyedText = { message: string; messageKey?: string; params?: Record<string, string> };
const refOf = (keyed: KeyedText): MessageRef | null => (keyed.messageKey ? { key: keyed.messageKey, params: keyed.params ?? {} } : null);
const isKeyedItem = (item: unknown): item is KeyedText => typeof item === 'object' && item !== null && typeof (item as KeyedText).message === 'string';

/**
 * A success (or batch) answer with every server text in `language`: its `message`, each item of a batch answer
 * (`data` of `{ code, message, messageKey, params }`, RULES.md §1 200/207/400) and a list of texts named by `details`
 * (`data[i]` by `details[i]`, as an error's `messages`). The one place the web reads the keys of an answer's texts.
 */
export function localizedAnswer<T extends KeyedText & { data?: unknown; details?: readonly (MessageRef | null)[] }>(body: T, language: Language = current): T {
  const out = { ...body, message: localizedText(body.message, refOf(body), language) };
  const { data, details } = body;
  if (Array.isArray(data)) {
    if (details && data.every((d) => typeof d === 'string')) out.data = data.map((text: string, i) => localizedText(text, details[i], language));
    else if (data.some((d) => isKeyedItem(d) && d.messageKey)) out.data = data.map((d: unknown) => (isKeyedItem(d) ? { ...d, message: localizedText(d.message, refOf(d), language) } : d));
  }
  return out;
}
