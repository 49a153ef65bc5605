import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES_VI } from '@tms/contracts/i18n/server-messages.vi';
import { setAntdApp } from './antd-app.ts';
import type { AntdAppApi } from './feedback-config.ts';
import { apiErrorFromBody, unreachableError } from './api-error.ts';
import { notifyApiError, notifyFailure } from './notify.ts';
import { loadServerMessages, localizedAnswer, localizedErrorMessage, localizedMessages, setServerMessageLanguage } from './server-messages.ts';

// The notices go to a registered feedback API, as the mounted <App> registers its own (app/providers.tsx).
const shown: unknown[] = [];
beforeAll(() => setAntdApp({ notification: { error: (notice: { description: unknown }) => shown.push(notice.description) }, message: {} } as unknown as AntdAppApi));
afterAll(() => setAntdApp(null));

/** What the server answers for a work schedule with two bad days (issue 25 envelope). */
const refused = () =>
  apiErrorFromBody(400, {
    code: 400,
    message: 'Monday: times are written HH:mm',
    messages: ['Monday: times are written HH:mm', 'Staff an.nguyen is not a member of project PRJ01', 'body/days must be array'],
    messageKey: 'workSchedule.timeInvalid',
    params: { day: 'Monday' },
    details: [{ key: 'workSchedule.timeInvalid', params: { day: 'Monday' } }, { key: 'projectLeave.notMember', params: { username: 'an.nguyen', projectCode: 'PRJ01' } }, null],
    data: null,
  });

afterEach(async () => {
  shown.length = 0;
  await setServerMessageLanguage('en');
});

describe('localizedMessages', () => {
  it('answers the English texts as sent in English', async () => {
    await loadServerMessages('en');
    expect(localizedMessages(refused(), 'en')).toEqual(refused().messages);
  });

  it('answers the Vietnamese of each keyed text with its parameters (labels too), and the English of a text without a key', async () => {
    await loadServerMessages('vi');
    expect(localizedMessages(refused(), 'vi')).toEqual(['Thứ Hai: giờ phải theo định dạng HH:mm', 'Nhân viên an.nguyen không phải là thành viên của dự án PRJ01', 'body/days must be array']);
    expect(localizedErrorMessage(refused(), 'vi')).toBe('Thứ Hai: giờ phải theo định dạng HH:mm');
    expect(localizedMessages(unreachableError(), 'vi')).toEqual([SERVER_MESSAGES_VI['client.unreachable']]);
    expect(localizedMessages(apiErrorFromBody(503, undefined), 'vi')).toEqual(['Yêu cầu thất bại (503)']);
  });

  it('keeps the English where the key is unknown or a parameter is missing', async () => {
    await loadServerMessages('vi');
    const e = apiErrorFromBody(400, { message: 'A', messages: ['A', 'B'], details: [{ key: 'no.such', params: {} }, { key: 'workSchedule.timeInvalid', params: {} }] });
    expect(localizedMessages(e, 'vi')).toEqual(['A', 'B']);
  });
});

describe('setServerMessageLanguage', () => {
  it('switches what the failure notices show', async () => {
    notifyApiError(refused());
    await setServerMessageLanguage('vi');
    notifyApiError(refused());
    notifyFailure('Failed to update status!', apiErrorFromBody(400, { message: 'Request not found', messageKey: 'requestRule.notFound', params: {} }));
    await setServerMessageLanguage('en');
    notifyApiError(unreachableError());
    expect(shown[0]).toMatchObject({ props: { children: expect.arrayContaining([expect.objectContaining({ props: { children: 'Monday: times are written HH:mm' } })]) } });
    expect(shown[1]).toMatchObject({ props: { children: expect.arrayContaining([expect.objectContaining({ props: { children: 'Thứ Hai: giờ phải theo định dạng HH:mm' } })]) } });
    expect(shown[2]).toMatchObject({ props: { children: expect.arrayContaining([expect.objectContaining({ props: { children: 'Không tìm thấy yêu cầu' } })]) } });
    expect(shown[3]).toBe('Cannot reach the server. Check your connection and try again.');
  });
});

describe('localizedAnswer', () => {
  /** A batch that partly succeeded (RULES.md §1: 207, per-item code and message), as the server answers it. */
  const batch = () => ({
    code: 207,
    message: 'Success',
    messageKey: 'request.success',
    params: {},
    data: [
      { code: 200, message: 'Success', messageKey: 'request.success', params: {}, username: 'staff', id: 7 },
      { code: 400, message: 'A request already covers this time', messageKey: 'requestRule.overlapping', params: {}, username: 'staff2' },
      { code: 404, message: 'Staff an.nguyen is not a member of project PRJ01', messageKey: 'projectLeave.notMember', params: { username: 'an.nguyen', projectCode: 'PRJ01' } },
      { code: 400, message: 'A text of no table', username: 'x' },
    ],
  });

  it('shows every item of a batch in Vietnamese by its key, keeping its other fields, and the English in English', async () => {
    await loadServerMessages('vi');
    const vi = localizedAnswer(batch(), 'vi');
    expect(vi.message).toBe('Thành công');
    expect(vi.data).toEqual([
      { ...batch().data[0], message: 'Thành công' },
      { ...batch().data[1], message: 'Đã có yêu cầu cho khoảng thời gian này' },
      { ...batch().data[2], message: 'Nhân viên an.nguyen không phải là thành viên của dự án PRJ01' },
      batch().data[3],
    ]);
    expect(localizedAnswer(batch(), 'en')).toEqual(batch());
  });

  it('shows a list of texts by its details (one message per staff)', async () => {
    await loadServerMessages('vi');
    const answer = { code: 200, message: 'Create job info history of an successfully', data: ['Create job info history of an successfully', 'B'], details: [{ key: 'policy.jobCreated', params: { username: 'an' } }, null] };
    expect(localizedAnswer(answer, 'vi').data).toEqual([SERVER_MESSAGES_VI['policy.jobCreated']!.replace('{{username}}', 'an'), 'B']);
  });

  it('leaves an answer whose data is no batch as it is', async () => {
    await loadServerMessages('vi');
    const list = { code: 200, message: 'Success', data: [{ id: 1, name: 'Phòng Một' }], page: { page: 1, size: 10, total_element: 1 } };
    expect(localizedAnswer(list, 'vi')).toEqual(list);
  });
});
