import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_COMMON } from '@tms/contracts/api';
import { ICLOCK_TEXTS as T } from '@tms/contracts/iclock';
import { DEVICE_KEYS_PATH, PUNCHES_PATH } from '@tms/contracts/punches';
import { queryRows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { insertWeekdaySchedule } from '../../test/schedules.ts';
import { ATTLOG_MESSAGES } from './attlog.ts';

/**
 * Recorded device conversations against the /iclock endpoints (issue 13 "Done when"): handshake, a 500-line ATTLOG
 * upload with mixed direction codes and the same upload again, unknown and inactive serial numbers, a device in
 * another time zone, a night shift across midnight, malformed lines, OPERLOG and unknown tables, and the command
 * queue. The bodies are what ZKTeco push firmware sends (tab-separated, LF or CRLF, any content type).
 */
const TZ = 'Asia/Ho_Chi_Minh';
/** Pinned (issue 7 §1): every uploaded day below has ended, and "today" for the counters is this day. */
const NOW = new Date('2026-03-18T10:00:00+07:00');
const TODAY = '2026-03-18';
const HEAD_OFFICE = 'CQZ7230160001';
const TOKYO = 'TKY5220100042';
const RETIRED = 'OLD0001';
const recorded = (name: string) => readFileSync(new URL(`./fixtures/iclock/${name}`, import.meta.url), 'utf8');

let t: TestApp;
const id = (username: string) => t.fixture.employeeIds[username]!;

type Reply = { status: number; text: string; type: string | undefined };
async function device(method: 'GET' | 'POST', url: string, body?: string, contentType: string | null = 'text/plain'): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (contentType !== null && body !== undefined) headers['content-type'] = contentType;
  const res = await t.app.inject({ method, url, headers, payload: body });
  return { status: res.statusCode, text: res.body, type: res.headers['content-type'] as string | undefined };
}
const handshake = (sn: string) => device('GET', `/iclock/cdata?SN=${sn}&options=all&pushver=2.4.1&language=69`);
const attlog = (sn: string, body: string, stamp?: number, contentType: string | null = 'text/plain') =>
  device('POST', `/iclock/cdata?SN=${sn}&table=ATTLOG${stamp === undefined ? '' : `&Stamp=${stamp}`}`, body, contentType);
const options = (text: string) => Object.fromEntries(text.trim().split('\n').slice(1).map((l) => l.split('=') as [string, string]));

async function countPunches(where = sql`true`) {
  const [row] = await queryRows<{ n: number }>(t.db, sql`select count(*)::int as n from punches where ${where}`);
  return Number(row!.n);
}
async function dayOf(username: string, date: string) {
  const [row] = await queryRows<{ check_in: string | null; check_out: string | null; value: string | null }>(
    t.db,
    sql`select check_in, check_out, value::text as value from timesheet_days where employee_id = ${id(username)} and date = ${date}`,
  );
  return row;
}
const deviceRow = (sn: string) =>
  queryRows<{ attlog_stamp: string | null; operlog_stamp: string | null; last_contact_at: string | null; last_push_at: string | null; device_info: string | null; last_error: string | null }>(
    t.db,
    sql`select attlog_stamp, operlog_stamp, last_contact_at::text, last_push_at::text, device_info, last_error from attendance_devices where serial_number = ${sn}`,
  ).then((r) => r[0]!);
const counters = (sn: string) =>
  queryRows<{ received: number; stored: number; duplicate: number; unmapped: number; rejected: number }>(
    t.db,
    sql`select d.received, d.stored, d.duplicate, d.unmapped, d.rejected
          from attendance_device_days d join attendance_devices a on a.id = d.device_id
         where a.serial_number = ${sn} and d.day = ${TODAY}`,
  ).then((r) => r[0]);
const adms = (code: string) =>
  queryRows<{ error_details: string }>(t.db, sql`select error_details from connection_history where source = 'device-adms' and code = ${code} order by id`);

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:30', end: '17:30', breakStart: '12:00', breakEnd: '13:00', minutes: 480 });
  await insertWeekdaySchedule(t.db, { code: 'EVENING', start: '18:00', end: '02:00', breakStart: '22:00', breakEnd: '22:30', minutes: 450 });
  const policy = (username: string, code: string) => sql`(${id(username)}, ${code}, 'DAY', 3, 1, 1, 15, 'OT_FIXED', '2020-01-06', '9999-12-30')`;
  await t.db.execute(sql`
    insert into staff_policies (employee_id, work_schedule_code, rule_type, explanation_number, refund_hours_per_explanation,
                                explanation_time_per_days, lack_of_time_allowed, ot_type, apply_date, expire_date)
    values ${sql.join([policy('staff', 'HCM'), policy('staff2', 'HCM'), policy('staff3', 'HCM'), policy('staff4', 'EVENING')], sql`, `)}`);
  // The device PINs are the SPEEDGATE attendance check ids; 1009 (in the recorded upload) is nobody's.
  for (const [username, pin] of [['staff', '1001'], ['staff2', '1002'], ['staff3', '1003'], ['staff4', '1004']] as const) {
    await t.db.execute(sql`insert into attendance_check_configs (employee_id, attendance_check_id, attendance_check_system, start_date, end_date)
                           values (${id(username)}, ${pin}, 'SPEEDGATE', '2020-01-06', '9999-12-30')`);
  }
  await t.db.execute(sql`insert into attendance_devices (serial_number, name, system, time_zone, active) values
    (${HEAD_OFFICE}, 'Head office gate', 'SPEEDGATE', ${TZ}, true),
    (${TOKYO}, 'Tokyo office', 'SPEEDGATE', 'Asia/Tokyo', true),
    (${RETIRED}, 'Retired reader', 'SPEEDGATE', ${TZ}, false)`);
});
afterAll(() => t.close());

describe('handshake (GET /iclock/cdata?options=all)', () => {
  it('answers the options in plain text: stamps to resume from, upload settings, the device zone', async () => {
    const res = await handshake(HEAD_OFFICE);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain/);
    expect(res.text.split('\n')[0]).toBe(`GET OPTION FROM: ${HEAD_OFFICE}`);
    expect(options(res.text)).toMatchObject({ ATTLOGStamp: '0', OPERLOGStamp: '0', TimeZone: '7', Realtime: '1', TransFlag: 'TransData AttLog OpLog' });
    expect(await deviceRow(HEAD_OFFICE)).toMatchObject({ device_info: 'push protocol 2.4.1', last_contact_at: expect.any(String) });
    expect(options((await handshake(TOKYO)).text).TimeZone).toBe('9');
  });

  it('reads the serial number whatever its letter case or parameter name', async () => {
    const res = await device('GET', `/iclock/cdata.aspx?sn=${HEAD_OFFICE.toLowerCase()}&options=all`);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`GET OPTION FROM: ${HEAD_OFFICE}`);
  });
});

describe('ATTLOG upload (POST /iclock/cdata?table=ATTLOG)', () => {
  const batch = recorded('attlog-500.txt');

  it('stores a 500-line backlog of 25 days in one go, every direction code, and recomputes the days', async () => {
    const res = await attlog(HEAD_OFFICE, batch, 500);
    expect(res).toMatchObject({ status: 200, text: 'OK: 500' });
    expect(await countPunches(sql`source = 'adms'`)).toBe(500);
    // 1009 has no attendance-check config: its punches are kept unmapped (a later config claims them).
    expect(await countPunches(sql`source = 'adms' and employee_id is null`)).toBe(125);
    // First in, last out decides, whatever the codes say: staff's last punch of 09/02 is a 255.
    expect(batch).toContain('1001\t2026-02-09 17:54:04\t255');
    expect(await dayOf('staff', '2026-02-09')).toEqual({ check_in: '08:20', check_out: '17:54', value: '1.00' });
    expect(await dayOf('staff2', '2026-03-13')).toMatchObject({ value: '1.00' });
    expect(await dayOf('staff3', '2026-02-16')).toMatchObject({ check_in: expect.stringMatching(/^08:2\d$/), value: '1.00' });
    expect(await counters(HEAD_OFFICE)).toEqual({ received: 500, stored: 500, duplicate: 0, unmapped: 125, rejected: 0 });
    expect((await deviceRow(HEAD_OFFICE)).last_push_at).not.toBeNull();
    const unmapped = await adms('UNMAPPED_PUNCHES');
    expect(unmapped.at(-1)!.error_details).toContain('125 punches of 1 account without an attendance-check config (SPEEDGATE 1009)');
  });

  it('stores nothing twice: the same upload again adds no punch', async () => {
    const res = await attlog(HEAD_OFFICE, batch.replaceAll('\n', '\r\n'), 500, 'application/octet-stream');
    expect(res).toMatchObject({ status: 200, text: 'OK: 500' });
    expect(await countPunches(sql`source = 'adms'`)).toBe(500);
    expect(await counters(HEAD_OFFICE)).toEqual({ received: 1000, stored: 500, duplicate: 500, unmapped: 250, rejected: 0 });
  });

  it('resumes from the stamp stored with the last upload', async () => {
    expect(options((await handshake(HEAD_OFFICE)).text).ATTLOGStamp).toBe('500');
    expect((await deviceRow(HEAD_OFFICE)).attlog_stamp).toBe('500');
  });

  it('shares the intake with the JSON punch API: a punch already sent there is a duplicate here', async () => {
    const key = await t.app.inject({ method: 'POST', url: `/api${DEVICE_KEYS_PATH}`, headers: await t.as('admin'), payload: { system: 'SPEEDGATE', description: 'API' } });
    const json = await t.app.inject({
      method: 'POST',
      url: `/api${PUNCHES_PATH}`,
      headers: { 'x-device-key': key.json().data.key },
      payload: { punches: [{ system: 'SPEEDGATE', attendance_check_id: '1003', timestamp: '2026-03-16T08:27:00+07:00' }] },
    });
    expect(json.json().data).toMatchObject({ new: 1 });
    const before = await counters(HEAD_OFFICE);
    expect(await attlog(HEAD_OFFICE, '1003\t2026-03-16 08:27:00\t0\t1\t0\t0\t0\n1003\t2026-03-16 17:40:00\t1\t1\t0\t0\t0\n', 502, null)).toMatchObject({ text: 'OK: 2' });
    expect(await counters(HEAD_OFFICE)).toMatchObject({ received: before!.received + 2, stored: before!.stored + 1, duplicate: before!.duplicate + 1 });
    expect(await dayOf('staff3', '2026-03-16')).toEqual({ check_in: '08:27', check_out: '17:40', value: '1.00' });
  });

  it('reads the local time of a device in another zone as that zone’s', async () => {
    // Tokyo is UTC+9, the company UTC+7: 10:31 on the Tokyo device is 08:31 at the company.
    expect(await attlog(TOKYO, '1002\t2026-03-16 10:31:00\t0\t1\t0\t0\t0\n1002\t2026-03-16 19:35:00\t1\t1\t0\t0\t0\n', 1)).toMatchObject({ text: 'OK: 2' });
    const [stored] = await queryRows<{ at: string }>(
      t.db,
      sql`select to_char(min(punched_at) at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as at from punches where attendance_check_id = '1002' and punched_at >= '2026-03-16'`,
    );
    expect(stored!.at).toBe('2026-03-16 01:31');
    expect(await dayOf('staff2', '2026-03-16')).toEqual({ check_in: '08:31', check_out: '17:35', value: '1.00' });
  });

  it('gives a night shift’s check-out after midnight to the day it started', async () => {
    // staff4 works 18:00–02:00: the 02:03 punch belongs to 16/03 (RULES.md §4, before the 04:00 cut-off).
    expect(await attlog(HEAD_OFFICE, '1004\t2026-03-16 17:58:12\t0\t1\t0\t0\t0\n1004\t2026-03-17 02:03:40\t1\t1\t0\t0\t0\n', 503)).toMatchObject({ text: 'OK: 2' });
    expect(await dayOf('staff4', '2026-03-16')).toEqual({ check_in: '17:58', check_out: '02:03', value: '1.00' });
    expect((await dayOf('staff4', '2026-03-17'))?.check_in ?? null).toBeNull();
  });

  it('stores the good lines of an upload with malformed ones and reports each bad line', async () => {
    const before = await counters(HEAD_OFFICE);
    const body = [
      '1001\t2026-03-17 08:25:10\t0\t1\t0\t0\t0',
      'garbage',
      '1001\t2026-02-30 08:00:00\t0\t1\t0\t0\t0',
      '\t2026-03-17 08:00:00\t0\t1',
      '1001\t2026-03-20 08:00:00\t0\t1\t0\t0\t0',
      '1001\t2026-03-17 17:36:00\t1\t1\t0\t0\t0',
      '',
    ].join('\n');
    expect(await attlog(HEAD_OFFICE, body, 504)).toMatchObject({ status: 200, text: 'OK: 6' });
    expect(await dayOf('staff', '2026-03-17')).toEqual({ check_in: '08:25', check_out: '17:36', value: '1.00' });
    expect(await counters(HEAD_OFFICE)).toMatchObject({ received: before!.received + 6, stored: before!.stored + 2, rejected: 4 });
    const [logged] = (await adms('MALFORMED_LINES')).slice(-1);
    expect(logged!.error_details).toContain('4 malformed lines not stored');
    expect(logged!.error_details).toContain(`line 2 "garbage": ${ATTLOG_MESSAGES.fields}`);
    expect(logged!.error_details).toContain(`line 3 "1001\t2026-02-30 08:00:00\t0\t1\t0\t0\t0": ${ATTLOG_MESSAGES.timeInvalid}`);
    expect(logged!.error_details).toContain(`line 4`);
    expect(logged!.error_details).toContain(`line 5 "1001\t2026-03-20 08:00:00\t0\t1\t0\t0\t0": ${ATTLOG_MESSAGES.timeInFuture}`);
    expect((await deviceRow(HEAD_OFFICE)).last_error).toContain('4 malformed lines not stored');
    expect((await deviceRow(HEAD_OFFICE)).attlog_stamp).toBe('504');
  });

  it('stores the good line of an upload whose other line holds a NUL byte and records the bad one escaped', async () => {
    // Issue 22 §4: the raw bad line reached the last error, PostgreSQL refused the NUL, and the answer was a 500 —
    // the unit resent the same batch forever. A NUL in the PIN and in the time, a bell and a C1 control.
    const before = await counters(HEAD_OFFICE);
    const body = Buffer.concat([
      Buffer.from('1002\t2026-03-17 08:29:00\t0\t1\t0\t0\t0\n'),
      Buffer.from('10\u000003\t2026-03-17 08:30:00\t0\t1\t0\t0\t0\n'),
      Buffer.from('1003\t2026-03-17 08:31:00\u0000\u0007\u0085\t0\t1\n'),
    ]);
    const res = await t.app.inject({ method: 'POST', url: `/iclock/cdata?SN=${HEAD_OFFICE}&table=ATTLOG&Stamp=505`, payload: body });
    expect({ status: res.statusCode, text: res.body }).toEqual({ status: 200, text: 'OK: 3' });
    expect(await countPunches(sql`attendance_check_id = '1002' and punched_at = '2026-03-17T08:29:00+07:00'`)).toBe(1);
    expect(await countPunches(sql`punched_at = '2026-03-17T08:30:00+07:00' or punched_at = '2026-03-17T08:31:00+07:00'`)).toBe(0);
    expect(await counters(HEAD_OFFICE)).toMatchObject({ received: before!.received + 3, stored: before!.stored + 1, rejected: before!.rejected + 2 });
    const [logged] = (await adms('MALFORMED_LINES')).slice(-1);
    expect(logged!.error_details).toContain(`line 2 "10\\x0003\t2026-03-17 08:30:00\t0\t1\t0\t0\t0": ${ATTLOG_MESSAGES.pinInvalid}`);
    expect(logged!.error_details).toContain(`line 3 "1003\t2026-03-17 08:31:00\\x00\\x07\\x85\t0\t1": ${ATTLOG_MESSAGES.timeInvalid}`);
    const device = await deviceRow(HEAD_OFFICE);
    expect(device.last_error).toContain('line 2 "10\\x0003');
    expect(device.attlog_stamp).toBe('505');
  });
});

describe('other tables', () => {
  it('acknowledges OPERLOG and unknown tables, stores no punch, and keeps the OPERLOG stamp', async () => {
    const before = await countPunches();
    const operlog = 'OPLOG 4\t0\t2026-03-17 08:01:02\t0\t0\t0\t0\nOPLOG 30\t0\t2026-03-17 08:05:00\t1001\t0\t0\t0\n';
    expect(await device('POST', `/iclock/cdata?SN=${HEAD_OFFICE}&table=OPERLOG&Stamp=77`, operlog)).toMatchObject({ status: 200, text: 'OK: 2' });
    expect(await device('POST', `/iclock/cdata?SN=${HEAD_OFFICE}&table=BIODATA&Stamp=3`, 'BIODATA Pin=1001\tNo=0\tIndex=0\n')).toMatchObject({ status: 200, text: 'OK: 1' });
    expect(await countPunches()).toBe(before);
    expect(options((await handshake(HEAD_OFFICE)).text)).toMatchObject({ ATTLOGStamp: '505', OPERLOGStamp: '77' });
  });
});

describe('refusals', () => {
  it('refuses an unknown serial number, stores nothing and logs it once per interval', async () => {
    const before = await countPunches();
    const logged = (await adms('UNKNOWN_DEVICE')).length;
    expect(await handshake('NOSUCH0001')).toMatchObject({ status: 403, text: T.notRegistered });
    expect(await attlog('NOSUCH0001', '1001\t2026-03-17 09:00:00\t0\t1\t0\t0\t0\n', 9)).toMatchObject({ status: 403, text: T.notRegistered });
    expect(await attlog('NOSUCH0001', '1001\t2026-03-17 09:00:00\t0\t1\t0\t0\t0\n', 9)).toMatchObject({ status: 403, text: T.notRegistered });
    expect(await countPunches()).toBe(before);
    const rows = (await adms('UNKNOWN_DEVICE')).slice(logged);
    // The handshake and the upload are two causes; the retried upload is not logged again.
    expect(rows.map((r) => r.error_details)).toEqual([
      expect.stringMatching(/^Device NOSUCH0001 \(.*\): handshake refused: Device not registered$/),
      expect.stringMatching(/^Device NOSUCH0001 \(.*\): ATTLOG upload refused: Device not registered$/),
    ]);
  });

  it('refuses an inactive device and a call without a serial number', async () => {
    expect(await attlog(RETIRED, '1001\t2026-03-17 09:00:00\t0\t1\t0\t0\t0\n', 1)).toMatchObject({ status: 403, text: T.inactive });
    expect((await adms('INACTIVE_DEVICE')).at(-1)!.error_details).toContain(`Device ${RETIRED}`);
    expect(await device('GET', '/iclock/getrequest')).toMatchObject({ status: 400, text: T.serialRequired });
    expect(await device('GET', '/iclock/cdata?SN=%00bad&options=all')).toMatchObject({ status: 400, text: MESSAGES_COMMON.invalidText });
    expect(await device('GET', '/iclock/cdata?SN=bad%20serial!&options=all')).toMatchObject({ status: 403, text: T.notRegistered });
    expect(await countPunches(sql`attendance_check_id = '1001' and punched_at >= '2026-03-17T09:00:00+07:00' and punched_at < '2026-03-17T09:01:00+07:00'`)).toBe(0);
  });
});

describe('commands (GET /iclock/getrequest, POST /iclock/devicecmd)', () => {
  it('answers OK without commands, hands out pending ones once, and stores their results', async () => {
    expect(await device('GET', `/iclock/getrequest?SN=${HEAD_OFFICE}&INFO=Ver%206.60,12,7,3450,10.0.0.5`)).toMatchObject({ status: 200, text: 'OK' });
    expect((await deviceRow(HEAD_OFFICE)).device_info).toBe('Ver 6.60,12,7,3450,10.0.0.5');
    const [check, reupload] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into attendance_device_commands (device_id, kind, command)
          select id, k, c from attendance_devices,
                 (values ('CHECK', 'CHECK'), ('REUPLOAD', ${'DATA QUERY ATTLOG StartTime=2026-03-01 00:00:00\tEndTime=2026-03-17 23:59:59'})) v(k, c)
           where serial_number = ${HEAD_OFFICE}
          returning id`,
    );
    const [first, second] = [check!.id, reupload!.id].sort((a, b) => a - b);
    const poll = await device('GET', `/iclock/getrequest?SN=${HEAD_OFFICE}`);
    expect(poll.text).toBe(`C:${first}:CHECK\nC:${second}:DATA QUERY ATTLOG StartTime=2026-03-01 00:00:00\tEndTime=2026-03-17 23:59:59\n`);
    expect((await device('GET', `/iclock/getrequest?SN=${HEAD_OFFICE}`)).text).toBe('OK');
    const results = `ID=${first}&Return=0&CMD=CHECK\nID=${second}&Return=-1002&CMD=DATA\n`;
    expect(await device('POST', `/iclock/devicecmd?SN=${HEAD_OFFICE}`, results)).toMatchObject({ status: 200, text: 'OK' });
    const rows = await queryRows<{ id: number; status: string; return_code: number | null }>(
      t.db,
      sql`select id, status, return_code from attendance_device_commands where id in (${first}, ${second}) order by id`,
    );
    expect(rows).toEqual([
      { id: first, status: 'DONE', return_code: 0 },
      { id: second, status: 'FAILED', return_code: -1002 },
    ]);
  });

  it('answers a keep-alive', async () => {
    expect(await device('GET', `/iclock/ping?SN=${HEAD_OFFICE}`)).toMatchObject({ status: 200, text: 'OK' });
    expect(await device('GET', `/iclock/cdata?SN=${HEAD_OFFICE}`)).toMatchObject({ status: 200, text: 'OK' });
  });
});
