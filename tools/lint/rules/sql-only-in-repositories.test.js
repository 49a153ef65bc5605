import { describe, expect, it } from 'vitest';
import rule, { isAllowed } from './sql-only-in-repositories.js';
import { at, ruleTester } from './rule-tester.js';

const options = [{ allow: ['.repository.ts', 'apps/server/src/db/', '.test.ts', 'apps/server/src/lib/jobs.ts'] }];
const service = at('apps/server/src/modules/leave/leave.service.ts');
const error = { messageId: 'sqlOutsideRepository' };

describe('isAllowed', () => {
  it.each([
    ['apps/server/src/modules/leave/leave.repository.ts', true],
    ['apps/server/src/db/schema/leave.ts', true],
    ['apps/server/src/db/sql-fragments.ts', true],
    ['apps/server/src/modules/leave/leave.service.test.ts', true],
    ['apps/server/src/lib/jobs.ts', true],
    ['apps/server/src/lib/jobs.ts.orig', false],
    ['apps/server/src/lib/other-jobs.ts', false],
    ['apps/server/src/modules/leave/leave.service.ts', false],
    ['apps/server/src/modules/db/x.ts', false],
    ['apps/server/src/modules/leave/repository.ts', false],
  ])('%s → %s', (file, allowed) => {
    expect(isAllowed(at(file), options[0].allow)).toBe(allowed);
  });
});

ruleTester.run('sql-only-in-repositories', rule, {
  valid: [
    { filename: at('apps/server/src/modules/leave/leave.repository.ts'), options, code: "import { sql } from 'drizzle-orm';" },
    { filename: at('apps/server/src/db/sql-fragments.ts'), options, code: "import { sql } from 'drizzle-orm';" },
    { filename: at('apps/server/src/lib/jobs.ts'), options, code: "import { eq, sql } from 'drizzle-orm';" },
    { filename: at('apps/server/src/modules/leave/leave.service.test.ts'), options, code: "import { sql } from 'drizzle-orm';" },
    // the query builder and the SQL type carry no SQL text
    { filename: service, options, code: "import { and, eq, type SQL } from 'drizzle-orm';" },
    { filename: service, options, code: "import type { SQL, sql } from 'drizzle-orm';" },
    { filename: service, options, code: "import { type sql } from 'drizzle-orm';" },
    { filename: service, options, code: "import { sql } from './leave.repository.ts';" },
    { filename: service, options, code: "import * as orm from 'drizzle-orm'; orm.eq(a, b);" },
    { filename: service, options, code: "const sql = 1; other.sql`x`;" },
    { filename: service, options, code: "export type { SQL } from 'drizzle-orm';" },
    { filename: service, options, code: "const { eq } = await import('drizzle-orm');" },
    // default allow list: repositories and db/
    { filename: at('apps/server/src/modules/leave/leave.repository.ts'), code: "import { sql } from 'drizzle-orm';" },
  ],
  invalid: [
    { filename: service, options, code: "import { sql } from 'drizzle-orm';", errors: [error] },
    { filename: service, options, code: "import { eq, sql, type SQL } from 'drizzle-orm';", errors: [error] },
    { filename: service, options, code: "import { sql as raw } from 'drizzle-orm';", errors: [error] },
    { filename: service, options, code: "import { sql } from 'drizzle-orm/sql';", errors: [error] },
    { filename: service, options, code: "import * as orm from 'drizzle-orm'; orm.sql`select 1`; orm.sql.raw('x');", errors: [error, error] },
    { filename: service, options, code: "export { sql } from 'drizzle-orm';", errors: [error] },
    { filename: service, options, code: "export * from 'drizzle-orm';", errors: [error] },
    { filename: service, options, code: "const { sql } = await import('drizzle-orm');", errors: [error] },
    { filename: at('apps/server/src/plugins/auth.ts'), options, code: "import { sql } from 'drizzle-orm';", errors: [error] },
    { filename: at('apps/server/src/lib/mail.ts'), options, code: "import { sql } from 'drizzle-orm';", errors: [error] },
    { filename: service, code: "import { sql } from 'drizzle-orm';", errors: [error] },
  ],
});
