import { describe, expect, it } from 'vitest';
import { foldedLabelMatch, foldText } from './fold-search.ts';

describe('searching with or without diacritics', () => {
  it('folds Vietnamese marks, đ and case', () => {
    expect(foldText('Phòng Kế toán')).toBe('phong ke toan');
    expect(foldText(' Đặng Văn Sơn ')).toBe('dang van son');
  });

  it('matches an option label typed either way', () => {
    expect(foldedLabelMatch('ke toan', { label: 'Phòng Kế toán' })).toBe(true);
    expect(foldedLabelMatch('Kế', { label: 'Phòng Kế toán' })).toBe(true);
    expect(foldedLabelMatch('khoi', { label: 'Khối Chuyển đổi số' })).toBe(true);
    expect(foldedLabelMatch('web', { label: 'Phòng Kế toán' })).toBe(false);
    expect(foldedLabelMatch('', undefined)).toBe(true);
  });
});
