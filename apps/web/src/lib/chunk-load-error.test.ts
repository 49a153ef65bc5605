import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error.ts';

describe('code that could not be fetched', () => {
  it('is told apart from code that failed while drawing, in the words of each browser', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://tms.example/assets/x-1a2b.js'))).toBe(true); // Chromium
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://tms.example/assets/x.js'))).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
    expect(isChunkLoadError('not an error')).toBe(false);
  });
});
