import { describe, expect, it } from 'vitest';
import { setLanguage } from '../lib/i18n.ts';
import { contractTypeName, contractTypeOptions, genderName } from './code-names.ts';
import { commonTexts } from './i18n/index.ts';

/** Issue 26 §11: contract types and other codes were shown raw. */
describe('code names', () => {
  it('names a contract type and a gender in the language on screen; an unknown code as stored', async () => {
    const t = commonTexts.t;
    expect(contractTypeName(t, 'P')).toBe('Probationary');
    expect(contractTypeName(t, 'UNLIMTED')).toBe('Permanent');
    expect(contractTypeName(t, 'XYZ')).toBe('XYZ');
    expect(contractTypeName(t, null)).toBe('');
    expect(genderName(t, 'F')).toBe('Female');
    expect(contractTypeOptions(t).find((o) => o.value === 'P')?.label).toBe('P (Probationary)');
    await setLanguage('vi');
    try {
      expect(contractTypeName(commonTexts.t, 'P')).toBe('Thử việc');
      expect(genderName(commonTexts.t, 'M')).toBe('Nam');
    } finally {
      await setLanguage('en');
    }
  });
});
