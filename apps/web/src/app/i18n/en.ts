/**
 * What the app says when its own code fails: the login page's or the app's chunk cannot be fetched, or something
 * outside a page throws (app-failed.tsx), and the hint and action a failed page shares with it
 * (layout/page-error-boundary.tsx). In the entry chunk: it must speak when nothing else could be loaded.
 */
export const en = {
  failed: {
    loadTitle: 'TMS could not be loaded',
    errorTitle: 'Something went wrong',
    loadHint: 'The connection dropped, or a new version of TMS was installed. Reload the page to continue.',
    errorHint: 'Nothing you saved is lost. Reload the page to continue.',
    reload: 'Reload the page',
  },
} as const;
