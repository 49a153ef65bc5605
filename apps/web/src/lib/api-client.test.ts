import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, apiUpload, apiUrl, toSearchParams } from './api-client.ts';
import { setServerMessageLanguage } from './server-messages.ts';

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

describe('answers in the reader’s language (issue 25)', () => {
  const answer = (body: unknown, status = 200) =>
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', code: String(status) } }));
  afterEach(async () => {
    vi.restoreAllMocks();
    await setServerMessageLanguage('en');
  });

  it('a batch answer shows each item’s message by its key', async () => {
    answer({ code: 207, message: 'Success', data: [{ code: 400, message: 'A request already covers this time', messageKey: 'requestRule.overlapping', params: {}, username: 'staff2' }] }, 207);
    await setServerMessageLanguage('vi');
    const env = await apiRequest<{ message: string; username: string }[]>('POST', '/tms/request/batch-create-request/', { body: {} });
    expect(env.data).toEqual([{ code: 400, message: 'Đã có yêu cầu cho khoảng thời gian này', messageKey: 'requestRule.overlapping', params: {}, username: 'staff2' }]);
  });

  it('an import’s success answer shows its message by its key; English stays as sent', async () => {
    const imported = { code: 200, message: 'Import successfully', messageKey: 'importReport.imported', params: {}, data: { count: 2 } };
    answer(imported);
    expect((await apiUpload('/tms/bonus-leave/import', new FormData())).json).toEqual(imported);
    answer(imported);
    await setServerMessageLanguage('vi');
    expect((await apiUpload('/tms/bonus-leave/import', new FormData())).json).toMatchObject({ message: 'Nhập dữ liệu thành công', data: { count: 2 } });
  });
});
