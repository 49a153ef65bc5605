// The server's import-cycle rule is eslint-plugin-import-x's `no-cycle`, configured in eslint.config.js; this test
// runs it with that configuration over files on disk (fixtures/cycle), so a planted circle fails and a chain does not.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { importX } from 'eslint-plugin-import-x';
import { afterAll, describe, it } from 'vitest';
import { NO_CYCLE_OPTIONS, importResolverSettings } from '../eslint.config.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'cycle');
const ruleTester = new RuleTester({ languageOptions: { parser: tseslint.parser }, settings: importResolverSettings });
const options = [NO_CYCLE_OPTIONS];

ruleTester.run('import-x/no-cycle', importX.rules['no-cycle'], {
  valid: [
    // a chain is no circle
    { filename: path.join(fixtures, 'timesheet.ts'), options, code: "import { engine } from './engine.ts';\nexport const recalc = engine;" },
    // packages are not followed
    { filename: path.join(fixtures, 'leave.ts'), options, code: "import { z } from 'zod';\nexport const grant = z;" },
    // a type-only import is erased from the build, so no-cycle does not follow it (a circle of types alone loads fine)
    { filename: path.join(fixtures, 'leave.ts'), options, code: "import type { recalc } from './timesheet.ts';\nexport type Grant = typeof recalc;" },
  ],
  invalid: [
    // leave.ts → timesheet.ts → leave.ts (timesheet.ts on disk imports leave.ts)
    {
      filename: path.join(fixtures, 'leave.ts'),
      options,
      code: "import { recalc } from './timesheet.ts';\nexport const grant = () => recalc;",
      errors: [{ messageId: 'cycle' }],
    },
    // the web's .tsx files too: leave-page.tsx → timesheet-page.tsx → leave-page.tsx
    {
      filename: path.join(fixtures, 'leave-page.tsx'),
      options,
      code: "import { useTimesheet } from './timesheet-page.tsx';\nexport const useLeave = () => useTimesheet;",
      errors: [{ messageId: 'cycle' }],
    },
  ],
});
