// RuleTester wired to vitest and the TypeScript parser; fixture paths sit below the working directory, as real files do.
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

export const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

/** An absolute file name for a repository-relative path, e.g. at('apps/web/src/features/a/page.ts'). */
export const at = (file) => path.join(process.cwd(), 'lint-fixture', file);
