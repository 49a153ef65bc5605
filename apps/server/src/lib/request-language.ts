import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LANGUAGE, type Language } from '@tms/contracts/language';

/**
 * The language the current request (or background job) answers in (issue 25): names of reference data, file
 * headers and error reports follow it. Carried implicitly so that repositories several calls below a route need no
 * extra parameter; set once per request by the language plugin and per job by the job's runner.
 */
const storage = new AsyncLocalStorage<{ language: Language }>();

/** The language of the work in progress; English outside any request or job. */
export function currentLanguage(): Language {
  return storage.getStore()?.language ?? DEFAULT_LANGUAGE;
}

/** Runs `fn` (and everything it awaits) in `language`. */
export function runInLanguage<T>(language: Language, fn: () => T): T {
  return storage.run({ language }, fn);
}

/** Sets the language for the rest of the current asynchronous chain (a request hook, before the handler runs). */
export function enterLanguage(language: Language): void {
  const store = storage.getStore();
  if (store) store.language = language;
  else storage.enterWith({ language });
}

/** Runs the rest of a request (its hooks and handler) in its own language context; `done` is Fastify's hook callback. */
export function runRequestInLanguage(language: Language, done: () => void): void {
  storage.run({ language }, done);
}
