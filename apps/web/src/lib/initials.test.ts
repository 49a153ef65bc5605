import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials.ts';

describe('initialsOf', () => {
  it.each([
    ['Nguyen Van An', 'NA'],
    ['admin', 'A'],
    ['  hr   manager ', 'HM'],
    ['Đặng Thị Ánh', 'ĐÁ'],
    ['', '?'],
    [null, '?'],
    [undefined, '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
