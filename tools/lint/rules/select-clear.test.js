// The web's rule against antd's English 'Clear': core ESLint `no-restricted-syntax` with the selectors of
// eslint.config.js, so a bare or `{true}` allowClear on a Select fails and the translated form passes.
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { SELECT_CLEAR_RESTRICTIONS } from '../eslint.config.js';

const linter = new Linter({ configType: 'flat' });
const config = [
  {
    files: ['**/*.tsx'],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: { 'no-restricted-syntax': ['error', ...SELECT_CLEAR_RESTRICTIONS] },
  },
];
const problems = (code) => linter.verify(code, config, { filename: 'page.tsx' }).map((m) => m.message);

describe('a clearable Select names its clear button in the reader’s language', () => {
  it('refuses allowClear alone and allowClear={true} on a Select', () => {
    expect(problems('const a = <Select allowClear options={[]} />;')).toHaveLength(1);
    expect(problems('const a = <Select allowClear={true} />;')).toHaveLength(1);
    expect(problems('const a = <Select allowClear={true} />;')[0]).toContain('useSelectClear');
  });
  it('accepts the translated form, false, a variable, and other components', () => {
    expect(problems('const a = <Select allowClear={clear} />;')).toEqual([]);
    expect(problems('const a = <Select allowClear={false} />;')).toEqual([]);
    expect(problems('const a = <Input.Search allowClear />;')).toEqual([]);
    expect(problems('const a = <DatePicker allowClear />;')).toEqual([]);
  });
});
