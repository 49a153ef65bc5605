import { useSyncExternalStore } from 'react';
import i18next from 'i18next';
import { isLanguage, languageFromTag, type Language } from '@tms/contracts/language';

/**
 * The web's languages (issue 25, docs/i18n.md): i18next with English as the source and Vietnamese complete. Each
 * feature defines its own namespace with `defineNamespace` in its `i18n/` folder, so its texts load with its chunk;
 * the screen kit, the layout and the login page share the `common` namespace.
 */

/** This device's language: the user's stored choice once known, else the browser's until they choose. */
const STORAGE_KEY = 'tms.language';
/** A choice made on the login page, saved to the user once they have signed in. */
const PENDING_KEY = 'tms.language.pending';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled by the browser's privacy settings
  }
}

export function initialLanguage(): Language {
  const stored = storage()?.getItem(STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  return languageFromTag(typeof navigator === 'undefined' ? undefined : navigator.language);
}

void i18next.init({
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'vi'],
  // Catalogues are bundled with their code (defineNamespace); nothing is fetched.
  resources: {},
  partialBundledLanguages: true,
  ns: [],
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : 'en';
}

type LanguageListener = (language: Language) => void;
const listeners = new Set<LanguageListener>();

/** Runs `listener` now and after every switch (formats, antd's locale, the server's messages). */
export function onLanguageChange(listener: LanguageListener): () => void {
  listeners.add(listener);
  listener(currentLanguage());
  return () => listeners.delete(listener);
}

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
applyToDocument(currentLanguage());

/**
 * Switches the language in place: every component that reads a text re-renders, nothing reloads, forms keep their
 * values. `pendingForUser` marks a choice made before sign-in, saved to the user when they sign in.
 */
export async function setLanguage(language: Language, options: { pendingForUser?: boolean } = {}): Promise<void> {
  const store = storage();
  store?.setItem(STORAGE_KEY, language);
  if (options.pendingForUser) store?.setItem(PENDING_KEY, language);
  applyToDocument(language);
  if (i18next.language !== language) await i18next.changeLanguage(language);
  for (const listener of listeners) listener(language);
}

/** The choice made on the login page that the user's record does not hold yet, if any (read once). */
export function takePendingLanguage(): Language | null {
  const store = storage();
  const pending = store?.getItem(PENDING_KEY);
  store?.removeItem(PENDING_KEY);
  return isLanguage(pending) ? pending : null;
}

function subscribeLanguage(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/**
 * The current language, re-rendering the caller when it switches. A hook over i18next's own event rather than
 * react-i18next: the catalogues are bundled (no Suspense, no loading state), so its ~3 KB buy nothing here and the
 * login page's bundle has a budget (bench:bundle).
 */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
}

/** A catalogue: texts, or groups of texts, by key. English is the source. */
export type Catalogue = { readonly [key: string]: string | Catalogue };

/** The same keys as `T` with any text: what the Vietnamese catalogue of an English one must hold. */
export type Translation<T> = { readonly [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/**
 * Every key of a catalogue as the dotted path `t` takes ('list.title'). Plural forms (`rows_one`, `rows_other`) are
 * asked for by their base key with a `count` parameter, as i18next resolves them.
 */
export type CatalogueKey<T> = {
  [K in keyof T & string]: T[K] extends string ? (K extends `${infer Base}_${'one' | 'other'}` ? Base : K) : `${K}.${CatalogueKey<T[K]>}`;
}[keyof T & string];

export type TextParams = Record<string, string | number>;
export type Translate<T> = (key: CatalogueKey<T>, params?: TextParams) => string;

/**
 * Registers a feature's catalogues under `namespace` and answers its typed `t`: `useT()` in components (re-renders
 * on a switch) and `t` for code outside render (notices, confirmations) that reads the language at call time.
 * Keys are checked by the compiler; the Vietnamese catalogue must hold every English key.
 */
export function defineNamespace<const T extends Catalogue>(namespace: string, en: T, vi: Translation<T>) {
  i18next.addResourceBundle('en', namespace, en, true, true);
  i18next.addResourceBundle('vi', namespace, vi, true, true);
  // i18next's own key types know nothing of these catalogues: the typed key above is the check.
  const untyped = i18next.t as unknown as (key: string, options: object) => string;
  const t: Translate<T> = (key, params) => untyped(key, { ns: namespace, ...params });
  // One `t` per language, so it changes exactly when the texts do: safe in hooks' dependencies and memo keys.
  const byLanguage = new Map<Language, Translate<T>>();
  function useT(): { t: Translate<T>; language: Language } {
    const language = useLanguage();
    let bound = byLanguage.get(language);
    if (!bound) {
      const fixed = i18next.getFixedT(language, namespace) as unknown as (key: string, options?: object) => string;
      bound = (key, params) => fixed(key, params);
      byLanguage.set(language, bound);
    }
    return { t: bound, language };
  }
  return { t, useT, namespace };
}

export { i18next };
