// ZKTeco ADMS push against the JSON punch API (issue 13 bench/): the same 10,000 punches — BENCH_EMPLOYEES (200)
// generated staff (generate-company.ts, SPEEDGATE accounts mapped, no punches of their own) × BENCH_DAYS (25) days ×
// 2 punches (an arrival around 08:0x and a departure around 17:3x, local time) — sent in one request either way:
// - JSON: POST /api/tms/check-in-out/punches with a device key made through POST /api/tms/check-in-out/device-keys;
// - ATTLOG: POST /iclock/cdata?SN=…&table=ATTLOG&Stamp=… (tab-separated device-local lines) from a SPEEDGATE device
//   registered through POST /api/tms/attendance-devices in the company zone.
// Timed from sending to the answer, which includes storing the punches and the synchronous recalculation of the
// 200 × 25 employee-days they touch (drained by the request itself up to 200 employees, docs/recalculation.md). The days end two days
// before today, so the judging of yesterday and today does not touch them, and lie after the lock date.
// Fairness: before every request the punches of those accounts, their timesheet days and abnormal cases are deleted,
// so both sides store and recompute the same work from the same state (the recalculation's "fresh" path each time).
// The client is curl in its own process (fetch in this process when there is no curl); the bodies are built before.
// One warm-up of each, then BENCH_RUNS (3) of each, alternating and swapping which goes first; medians and the ratio
// ATTLOG / JSON (aim ≤ 1.2×). PGlite, and the PostgreSQL server when it answers (BENCH_DATABASE_URL).
// Run: npm run bench:iclock -w @tms/bench. Knobs: BENCH_EMPLOYEES (200), BENCH_DAYS (25), BENCH_RUNS (3), BENCH_ONLY.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { ATTENDANCE_DEVICES_PATH } from '../packages/contracts/src/attendance-devices.ts';
import { DEVICE_KEY_HEADER, DEVICE_KEYS_PATH, PUNCH_BATCH_MAX, PUNCHES_PATH } from '../packages/contracts/src/punches.ts';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { queryRows, type Db } from '../apps/server/src/db/client.ts';
import { prepareData } from '../apps/server/src/seed/prepare.ts';
import { addDays, companyToday } from '../apps/server/src/lib/dates.ts';
import { getLockDate } from '../apps/server/src/modules/payroll-periods/payroll-periods.service.ts';
import { generateCompany } from './generate-company.ts';
import { benchKinds, freshDatabase, hasCurl, median, sessionToken, silentLogger } from './lib.ts';

const EMPLOYEES = Number(process.env.BENCH_EMPLOYEES ?? 200);
const DAYS = Number(process.env.BENCH_DAYS ?? 25);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PUNCHES = EMPLOYEES * DAYS * 2;
const TZ = 'Asia/Ho_Chi_Minh';
const SERIAL = 'ZK-BENCH-0001';
if (PUNCHES > PUNCH_BATCH_MAX) throw new Error(`${PUNCHES} punches do not fit one JSON batch (at most ${PUNCH_BATCH_MAX})`);

const run = promisify(execFile);
const pad = (n: number) => String(n).padStart(2, '0');
const kb = (text: string) => `${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`;

type Side = 'JSON' | 'ATTLOG';
type Sent = { status: number; ms: number; answer: string };

/** POSTs the body in `file` and reads the whole answer; curl in its own process times it, first byte out to last in. */
async function post(url: string, contentType: string, headers: Record<string, string>, file: string, body: string): Promise<Sent> {
  if (await hasCurl()) {
    const args = ['-s', '-X', 'POST', '-H', `content-type: ${contentType}`, '-H', 'expect:', '--data-binary', `@${file}`, '-w', '\n%{http_code} %{time_total}'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
    const { stdout } = await run('curl', [...args, url], { maxBuffer: 16 * 1024 * 1024 });
    const cut = stdout.lastIndexOf('\n');
    const [status, seconds] = stdout.slice(cut + 1).split(' ').map(Number) as [number, number];
    return { status, ms: seconds * 1000, answer: stdout.slice(0, cut) };
  }
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType, ...headers }, body });
  const answer = await res.text();
  return { status: res.status, ms: performance.now() - started, answer };
}

/** Back to the state before any push: no punches of the bench accounts, none of the days or cases they produced. */
async function reset(db: Db, ids: string) {
  await db.execute(sql`delete from punches where employee_id = any(${ids}::int[]) or (system = 'SPEEDGATE' and attendance_check_id like 'BG%')`);
  await db.execute(sql`delete from abnormal_cases where employee_id = any(${ids}::int[])`);
  await db.execute(sql`delete from timesheet_days where employee_id = any(${ids}::int[])`);
}

for (const kind of await benchKinds()) {
  const database = await freshDatabase(kind, 'tms_bench_iclock');
  const db = database.db;
  const dir = await mkdtemp(path.join(tmpdir(), 'tms-bench-iclock-'));
  try {
    let started = performance.now();
    const config = { ...loadConfig({}), seedDemo: true };
    await prepareData(db, config, silentLogger, { now: new Date() });
    // Staff with a SPEEDGATE account (BG<n>) from 2020 and no punches (an empty range of days).
    const made = await generateCompany(db, { employees: EMPLOYEES, fromDate: '2000-01-02', toDate: '2000-01-01' });
    const staff = await queryRows<{ id: number; pin: string }>(
      db,
      sql`select e.id, a.attendance_check_id as pin from employees e
            join attendance_check_configs a on a.employee_id = e.id and a.attendance_check_system = 'SPEEDGATE'
           where e.user_name like 'bench%' order by e.id`,
    );
    const ids = `{${staff.map((s) => s.id).join(',')}}`;
    const today = companyToday(TZ, new Date());
    const to = addDays(today, -2);
    const from = addDays(to, -(DAYS - 1));
    const lock = await getLockDate(db);
    if (lock && from <= lock) throw new Error(`the days ${from}..${to} reach the lock date ${lock}: lower BENCH_DAYS`);
    await db.execute(sql`analyze`);
    console.log(`[${kind}] data: demo company + ${made.employees} generated staff; days ${from}..${to} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

    // The same punches both ways: per employee and day an arrival 08:00–08:09 and a departure 17:30–17:39, local.
    const json: { system: 'SPEEDGATE'; attendance_check_id: string; timestamp: string }[] = [];
    const lines: string[] = [];
    staff.forEach((s, i) => {
      for (let d = 0; d < DAYS; d++) {
        const day = addDays(from, d);
        for (const [h, m, sec, status] of [
          [8, (i + d) % 10, (i * 7 + d) % 60, 0],
          [17, 30 + ((i * 3 + d) % 10), (i * 11 + d) % 60, 1],
        ] as const) {
          const local = `${day} ${pad(h)}:${pad(m)}:${pad(sec)}`;
          json.push({ system: 'SPEEDGATE', attendance_check_id: s.pin, timestamp: `${day}T${pad(h)}:${pad(m)}:${pad(sec)}+07:00` });
          lines.push(`${s.pin}\t${local}\t${status}\t1\t0\t0\t0`);
        }
      }
    });
    const bodies: Record<Side, { file: string; text: string }> = {
      JSON: { file: path.join(dir, 'punches.json'), text: JSON.stringify({ punches: json }) },
      ATTLOG: { file: path.join(dir, 'attlog.txt'), text: `${lines.join('\n')}\n` },
    };
    for (const b of Object.values(bodies)) await writeFile(b.file, b.text);

    const app = await buildApp({ database, config: { ...config, seedDemo: false } });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      // A device key and a registered device, made through the app as admin.
      const admin = { authorization: `Bearer ${await sessionToken(db, 'admin')}`, 'content-type': 'application/json' };
      const keyRes = await fetch(`${address}/api${DEVICE_KEYS_PATH}`, { method: 'POST', headers: admin, body: JSON.stringify({ system: 'SPEEDGATE', description: 'bench' }) });
      if (keyRes.status !== 200) throw new Error(`device-keys answered ${keyRes.status}: ${await keyRes.text()}`);
      const key = ((await keyRes.json()) as { data: { key: string } }).data.key;
      const devRes = await fetch(`${address}/api${ATTENDANCE_DEVICES_PATH}`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({ serial_number: SERIAL, name: 'Bench gate', system: 'SPEEDGATE', time_zone: TZ }),
      });
      if (devRes.status !== 200) throw new Error(`attendance-devices answered ${devRes.status}: ${await devRes.text()}`);
      const handshake = await fetch(`${address}/iclock/cdata?SN=${SERIAL}&options=all&pushver=2.4.1`);
      if (handshake.status !== 200) throw new Error(`handshake answered ${handshake.status}: ${await handshake.text()}`);
      await handshake.text();

      let stamp = 0;
      const push = async (side: Side): Promise<number> => {
        await reset(db, ids);
        const b = bodies[side];
        const sent =
          side === 'JSON'
            ? await post(`${address}/api${PUNCHES_PATH}`, 'application/json', { [DEVICE_KEY_HEADER]: key }, b.file, b.text)
            : await post(`${address}/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=${(stamp += PUNCHES)}`, 'text/plain', {}, b.file, b.text);
        if (sent.status !== 200) throw new Error(`${side} answered ${sent.status}: ${sent.answer.slice(0, 300)}`);
        if (side === 'ATTLOG' && sent.answer.trim() !== `OK: ${PUNCHES}`) throw new Error(`ATTLOG answered "${sent.answer.trim()}"`);
        if (side === 'JSON' && (JSON.parse(sent.answer) as { data: { new: number } }).data.new !== PUNCHES) throw new Error(`JSON answered ${sent.answer.slice(0, 300)}`);
        // The same work on both sides: every punch stored and mapped, every employee-day recomputed before the answer.
        const [done] = await queryRows<{ punches: number; mapped: number; days: number }>(
          db,
          sql`select (select count(*)::int from punches where employee_id = any(${ids}::int[])) as punches,
                     (select count(*)::int from punches where system = 'SPEEDGATE' and attendance_check_id like 'BG%') as mapped,
                     (select count(*)::int from timesheet_days where employee_id = any(${ids}::int[]) and date between ${from}::date and ${to}::date) as days`,
        );
        if (done?.punches !== PUNCHES || done.mapped !== PUNCHES || done.days !== EMPLOYEES * DAYS) {
          throw new Error(`${side}: after the answer ${JSON.stringify(done)}, expected ${PUNCHES} punches and ${EMPLOYEES * DAYS} days`);
        }
        return sent.ms;
      };

      started = performance.now();
      await push('JSON');
      await push('ATTLOG');
      const warm = (performance.now() - started) / 1000;
      const times: Record<Side, number[]> = { JSON: [], ATTLOG: [] };
      for (let r = 0; r < RUNS; r++) {
        const order: Side[] = r % 2 === 0 ? ['JSON', 'ATTLOG'] : ['ATTLOG', 'JSON'];
        for (const side of order) times[side].push(await push(side));
      }
      const j = median(times.JSON);
      const a = median(times.ATTLOG);
      console.log(`[${kind}] warm-up (one of each) ${warm.toFixed(1)} s; client ${(await hasCurl()) ? 'curl' : 'fetch'}`);
      console.log(
        `[${kind}] ${PUNCHES} punches (${EMPLOYEES} employees × ${DAYS} days × 2) in one request, stored and recomputed (${EMPLOYEES * DAYS} employee-days) before the answer, median of ${RUNS}:`,
      );
      console.log(`[${kind}]   JSON   POST ${PUNCHES_PATH} (${kb(bodies.JSON.text)}): ${j.toFixed(0)} ms [${times.JSON.map((t) => t.toFixed(0)).join(', ')}]`);
      console.log(
        `[${kind}]   ATTLOG POST /iclock/cdata (${kb(bodies.ATTLOG.text)}): ${a.toFixed(0)} ms [${times.ATTLOG.map((t) => t.toFixed(0)).join(', ')}]`,
      );
      console.log(`[${kind}]   ratio ATTLOG / JSON ×${(a / j).toFixed(2)} (aim ≤ 1.2)`);
    } finally {
      await app.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await database.close();
  }
}
