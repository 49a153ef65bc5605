import { afterEach, describe, expect, it } from 'vitest';
import type { UploadFile } from 'antd';
import { setLanguage } from '../../lib/i18n.ts';
import { setNumberLanguage } from '../../lib/numbers.ts';
import { filesError, leaveDayError, projectError } from './components/project-leave-form-rules.ts';

afterEach(async () => {
  await setLanguage('en');
  setNumberLanguage('en');
});

describe('project leave texts (issue 25)', () => {
  it('answers the contracts’ rules in Vietnamese, days with a decimal comma', async () => {
    await setLanguage('vi');
    setNumberLanguage('vi');
    expect(projectError(null)).toBe('Vui lòng chọn dự án');
    expect(leaveDayError(32)).toBe('Số ngày phép phải lớn hơn 0 và không quá 31');
    expect(leaveDayError(0.25, { usedDays: 0.5, locked: false })).toBe('Số ngày phép không được nhỏ hơn số ngày đã dùng (0,5)');
    const file = { uid: 'x', name: 'x.exe', size: 1, originFileObj: {} } as unknown as UploadFile;
    expect(filesError([file])).toBe('Tệp đính kèm sai định dạng');
  });
});
