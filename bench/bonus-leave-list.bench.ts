// p50/p95 of the Bonus Leave list API with 10,000 rows, against GET /api/health (one `select 1`) as the baseline
// measured in the same run, on PGlite and (when it answers) the PostgreSQL server. Run: npm run bench:bonus-leave
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows } from '../apps/server/src/db/client.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { sessions, users } from '../apps/server/src/db/schema/identity.ts';
import { hashToken } from '../apps/server/src/plugins/auth.ts';
import { generateBonusLeave } from './generate-bonus-leave.ts';
import { fmt, freshDatabase, percentile, serverAnswers } from './lib.ts';
import { eq } from 'drizzle-orm';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const LIST = '/api/tms/leaves-management/annual-leaves/priority-leave';

async function measure(url: string, headers: Record<string, string>, connections = CONNECTIONS) {
  const times: number[] = [];
  let non2xx = 0;
  const instance = autocannon({ url, connections, duration: SECONDS, headers });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode !== 200) non2xx += 1;
    times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rps: result.requests.average, count: times.length, non2xx };
}

async function runOn(kind: 'pglite' | 'postgres') {
  const database = await freshDatabase(kind, 'tms_bench_bonus');
  const config = { ...loadConfig({}), seedDemo: true };
  const silent = { info() {}, warn() {}, error() {}, debug() {}, fatal() {}, trace() {}, child() { return silent; }, level: 'silent' } as never;
  await prepareData(database.db, config, silent, { now: new Date() });
  await generateBonusLeave(database.db, { rows: ROWS });
  const [{ total }] = (await queryRows<{ total: string }>(database.db, sql`select count(*) as total from leave_fund_rows where fund_type = 'prioritize_leave'`)) as [{ total: string }];
  const app = await buildApp({ database, config });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const [hr] = await database.db.select().from(users).where(eq(users.username, 'hr'));
  const token = randomBytes(32).toString('base64url');
  await database.db.insert(sessions).values({ tokenHash: hashToken(token), userId: hr!.id });
  const headers = { authorization: `Bearer ${token}` };

  const firstPage = await fetch(`${address}${LIST}?page=1&size=10`, { headers });
  const body = (await firstPage.json()) as { page: { total_element: number } };
  const baseline = await measure(`${address}/api/health`, {});
  const list = await measure(`${address}${LIST}?page=1&size=10`, headers);
  const single = await measure(`${address}${LIST}?page=1&size=10`, headers, 1);
  const filtered = await measure(`${address}${LIST}?page=3&size=10&applyFromDate=01/01/2025&applyToDate=31/12/2027&sort=expireDate`, headers);
  await app.close();
  await database.close();
  return { kind, rows: Number(total), listed: body.page.total_element, baseline, list, single, filtered };
}

const kinds: ('pglite' | 'postgres')[] = ['pglite'];
if (await serverAnswers()) kinds.push('postgres');
console.log(`Bonus Leave list: ${ROWS} generated rows + demo data, ${CONNECTIONS} connections, ${SECONDS} s per case`);
for (const kind of kinds) {
  const r = await runOn(kind);
  console.log(`\n[${r.kind}] bonus leave rows: ${r.rows} (list total for HR: ${r.listed})`);
  for (const [label, m] of [['baseline GET /api/health', r.baseline], [`list page 1`, r.list], ['list page 1, one client', r.single], ['list filtered, page 3, sorted', r.filtered]] as const) {
    console.log(
      `  ${label.padEnd(32)} p50 ${fmt(m.p50).padStart(9)}  p95 ${fmt(m.p95).padStart(9)}  ${m.rps.toFixed(0).padStart(6)} req/s  (${m.count} requests, ${m.non2xx} non-200)`,
    );
  }
  console.log(`  ratio list/baseline p95: ${(r.list.p95 / r.baseline.p95).toFixed(1)}x`);
}
process.exit(0);
