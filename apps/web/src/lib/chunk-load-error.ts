/**
 * Whether `error` is code that could not be fetched (a lazy page or the app's own chunk): a dropped connection, or a
 * new version of the app whose files replaced the ones this tab was built against. The browsers word it differently
 * (Chromium, Safari, Firefox).
 */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(message);
}
