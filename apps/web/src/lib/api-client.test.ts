import { describe, expect, it } from 'vitest';
import { apiUrl, toSearchParams } from './api-client.ts';

describe('apiUrl', () => {
  it('prefixes /api once', () => {
    expect(apiUrl('/tms/filters/periods')).toBe('/api/tms/filters/periods');
    expect(apiUrl('tms/filters/periods')).toBe('/api/tms/filters/periods');
    expect(apiUrl('/api/tms/filters/periods')).toBe('/api/tms/filters/periods');
    expect(apiUrl('/apix/y')).toBe('/api/apix/y');
  });
  it('drops empty parameters and comma-joins lists', () => {
    expect(apiUrl('/x', { a: 'b c', empty: '', none: undefined, nil: null, list: ['u1', 'u2'], no: [], n: 0, f: false })).toBe(
      '/api/x?a=b+c&list=u1%2Cu2&n=0&f=false',
    );
    expect(apiUrl('/x?fixed=1', { page: 2 })).toBe('/api/x?fixed=1&page=2');
    expect(toSearchParams(undefined).toString()).toBe('');
  });
});
