import rule from './no-cross-feature-imports.js';
import { at, ruleTester } from './rule-tester.js';

const page = at('apps/web/src/features/timesheet/toolbar/export-menu.tsx');
const error = (to) => ({ messageId: 'crossFeature', data: { from: 'timesheet', to, specifier: expectSpecifier(to) } });
const expectSpecifier = (to) => `../../${to}/api/queries.ts`;

ruleTester.run('no-cross-feature-imports', rule, {
  valid: [
    { filename: page, code: "import { a } from './request-bodies.ts';" },
    { filename: page, code: "import { a } from '../api/queries.ts';" },
    { filename: page, code: "import { Table } from '../../../components/table.tsx';" },
    { filename: page, code: "import { fmt } from '../../../lib/format.ts';" },
    { filename: page, code: "import { x } from '@tms/contracts/timesheet-grid';" },
    { filename: page, code: "import { Button } from 'antd';" },
    // app/ wires the features together
    {
      filename: at('apps/web/src/app/page-registry.tsx'),
      code: "const P = lazy(() => import('../features/timesheet/timesheet-page.tsx'));",
    },
    { filename: at('apps/web/src/components/table.tsx'), code: "import { a } from '../features/auth/api/queries.ts';" },
    // outside the web app the rule has nothing to say
    { filename: at('apps/server/src/modules/a/a.ts'), code: "import { b } from '../b/b.ts';" },
    // a non-literal dynamic import cannot be checked
    { filename: page, code: 'const m = import(name);' },
  ],
  invalid: [
    { filename: page, code: "import { q } from '../../auth/api/queries.ts';", errors: [error('auth')] },
    { filename: page, code: "import type { Q } from '../../auth/api/queries.ts';", errors: [error('auth')] },
    { filename: page, code: "export { q } from '../../auth/api/queries.ts';", errors: [error('auth')] },
    { filename: page, code: "export * from '../../auth/api/queries.ts';", errors: [error('auth')] },
    { filename: page, code: "const m = import('../../leave-management/api/queries.ts');", errors: [error('leave-management')] },
    { filename: page, code: 'const m = import(`../../home/api/queries.ts`);', errors: [error('home')] },
    {
      filename: at('apps/web/src/features/auth/login-page.tsx'),
      code: "import { x } from '../timesheet/toolbar/x.ts';",
      errors: [{ messageId: 'crossFeature', data: { from: 'auth', to: 'timesheet', specifier: '../timesheet/toolbar/x.ts' } }],
    },
    {
      filename: at('ui/src/parts/a/b.ts'),
      options: [{ featuresDir: 'ui/src/parts' }],
      code: "import { x } from '../c/d.ts';",
      errors: [{ messageId: 'crossFeature', data: { from: 'a', to: 'c', specifier: '../c/d.ts' } }],
    },
  ],
});
