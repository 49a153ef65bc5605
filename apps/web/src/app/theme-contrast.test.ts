import { describe, expect, it } from 'vitest';
import { contrast } from '../lib/contrast.ts';
import { TABLE_TOKENS, TAG_STATUS_TEXT, TAG_TEXT_ON_LIGHT, TAG_TOKENS } from './theme-contrast.ts';

/** Issue 26 §4: axe color-contrast failed antd's preset tags (green 3.4:1) and a table's plain empty text. */
describe('theme contrast', () => {
  it('writes every preset and status tag it darkens at least 4.5:1 on the tag background', () => {
    for (const [name, pair] of [...Object.entries(TAG_TEXT_ON_LIGHT), ...Object.entries(TAG_STATUS_TEXT)]) {
      expect(contrast(pair.color, pair.background), name).toBeGreaterThanOrEqual(4.5);
    }
    expect(TAG_TOKENS).toMatchObject({ green7: '#237804', gold7: '#874d00', colorSuccess: '#237804' });
  });

  it('writes a table empty text at least 4.5:1 on white and on a hovered row', () => {
    expect(contrast(TABLE_TOKENS.colorTextDisabled, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(TABLE_TOKENS.colorTextDisabled, '#fafafa')).toBeGreaterThanOrEqual(4.5);
  });
});
