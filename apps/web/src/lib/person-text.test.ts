import { describe, expect, it } from 'vitest';
import { personText } from './person-text.ts';

describe('a person as the lists show people', () => {
  it('gives the name with the username beside it', () => {
    expect(personText('Nguyễn Thị Hoa', 'hr')).toBe('Nguyễn Thị Hoa (hr)');
  });
  it('gives the username alone for an account without a name of its own, and the name alone without a username', () => {
    expect(personText('admin', 'admin')).toBe('admin');
    expect(personText(null, 'admin')).toBe('admin');
    expect(personText('Nguyễn Thị Hoa', null)).toBe('Nguyễn Thị Hoa');
    expect(personText(null, null)).toBe('');
  });
});
