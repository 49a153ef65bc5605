// Unit tests of the project's ESLint rules (RuleTester), run by scripts/test-all.mjs: npx vitest run --root tools/lint
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { include: ['rules/**/*.test.js'], setupFiles: ['./use-typescript-5.js'] },
});
