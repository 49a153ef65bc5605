#!/usr/bin/env node
// Plays a ZKTeco attendance device pushing over ADMS / iClock (issue 13; docs/attendance-devices.md) against a running
// server, so punches can be seen arriving on the Timesheet without hardware:
//   node scripts/zk-device.mjs [--url http://localhost:8080] [--sn ZK-DEMO-0001] [--date YYYY-MM-DD] [--staff staff,gl,pm]
// It signs in as an admin (scripts/api-sign-in.mjs) to read the device and the staff's PINs, does the device's
// handshake, uploads a day of punches (ATTLOG) and an OPERLOG line, polls for commands, and reads back what the app
// shows for those people on that day. The punches of a day are always the same: a second run adds nothing.
import { parseArgs } from 'node:util';
import { signIn } from './api-sign-in.mjs';

const HELP = `Plays a ZKTeco device (ADMS / iClock push) against a running TMS server.

usage: node scripts/zk-device.mjs [options]

  --url <base>        server (default http://localhost:8080)
  --sn <serial>       the device's serial number, registered on Settings → Attendance Devices (default ZK-DEMO-0001)
  --date <YYYY-MM-DD> the day of the punches (default: yesterday in the device's time zone, a day already judged)
  --staff <list>      demo usernames whose PINs punch (default staff,gl,pm)
  --user <name>       admin used to look the device and the PINs up (default admin)
  --password <pw>     its password (default Passw0rd!)
  -h, --help          this text

Steps: (a) sign in and read the device and each person's PIN (attendance check id of the device's system on the day),
(b) handshake GET /iclock/cdata?options=all, (c) POST the day's ATTLOG records, (d) an OPERLOG line (ignored by the
server), (e) poll GET /iclock/getrequest once, (f) read back first-in / last-out and the day value per person.`;

let options;
try {
  options = parseArgs({
    options: {
      url: { type: 'string', default: 'http://localhost:8080' },
      sn: { type: 'string', default: 'ZK-DEMO-0001' },
      date: { type: 'string' },
      staff: { type: 'string', default: 'staff,gl,pm' },
      user: { type: 'string', default: 'admin' },
      password: { type: 'string', default: 'Passw0rd!' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  }).values;
} catch (error) {
  console.error(`${error.message}\n\n${HELP}`);
  process.exit(2);
}
if (options.help) {
  console.log(HELP);
  process.exit(0);
}

const base = options.url.replace(/\/+$/, '');
const sn = options.sn;
const staff = options.staff
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
if (staff.length === 0) fail('--staff names nobody');
if (options.date !== undefined && !isIsoDate(options.date)) fail(`--date must be YYYY-MM-DD, got "${options.date}"`);

/** Demo company zone (contracts DEFAULT_DEVICE_TIME_ZONE), used when the device list cannot be read. */
const FALLBACK_ZONE = 'Asia/Ho_Chi_Minh';
const REGISTER_HINT = `register serial number ${sn} on Settings → Attendance Devices (Admin), with its attendance-check system and time zone`;

function fail(message) {
  console.error(`error: ${message}`);
  process.exit(1);
}

function isIsoDate(text) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return m !== null && new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])).toISOString().slice(0, 10) === text;
}

/** Today's date in `zone`, minus `days`, as YYYY-MM-DD. */
function dateInZone(zone, days) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

const pad = (n) => String(n).padStart(2, '0');

/** A fetch that turns an unreachable server into a clear message. */
async function send(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    fail(`cannot reach ${base} (${error.cause?.code ?? error.message}): is the server running (npm start)?`);
  }
}

/** A device call: plain text in and out; any status but 200 ends the script with what the server said. */
async function device(method, pathAndQuery, body) {
  const response = await send(`${base}${pathAndQuery}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'text/plain' },
    body,
  });
  const text = (await response.text()).trim();
  if (response.status === 200) return text;
  const hint =
    text === 'Device not registered'
      ? `: ${REGISTER_HINT}`
      : text === 'Device inactive'
        ? `: activate device ${sn} on Settings → Attendance Devices`
        : '';
  fail(`${method} ${pathAndQuery.split('?')[0]} answered ${response.status} ${text || response.statusText}${hint}`);
}

/** An API call as the signed-in admin; answers the envelope's data (and page). */
async function api(token, pathAndQuery) {
  const response = await send(`${base}/api${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json().catch(() => ({}));
  if (!response.ok) fail(`GET /api${pathAndQuery} answered ${response.status} ${body.errorMessage ?? body.message ?? response.statusText}`);
  return body;
}

/** Signs in as the web app does (RSA-sealed credentials, scripts/api-sign-in.mjs); answers the token. */
async function signInAsAdmin() {
  try {
    return await signIn(base, options.user, options.password);
  } catch (error) {
    fail(`sign-in as ${options.user} failed: ${error.message}`);
  }
}

/**
 * The day's records of the person at `index`: arrival around 08:0x (status 0 check-in), lunch out / back (2 break-out,
 * 3 break-in; the third person's lunch return comes as 255, "undefined", as some units send), departure around 17:3x
 * (1 check-out). Verify mode 1 (fingerprint) or 15 (face). Deterministic: the same day gives the same records.
 */
function dayRecords(pin, date, index) {
  const verify = index % 2 === 0 ? 1 : 15;
  const at = (h, m, s) => `${date} ${pad(h)}:${pad(m)}:${pad(s)}`;
  const rows = [
    [at(8, (index * 3 + 2) % 10, (index * 17 + 5) % 60), 0],
    [at(12, (index * 4 + 1) % 10, (index * 11 + 9) % 60), 2],
    [at(12, 50 + ((index * 3 + 4) % 10), (index * 7 + 21) % 60), index % 3 === 2 ? 255 : 3],
    [at(17, 30 + ((index * 5 + 3) % 10), (index * 13 + 40) % 60), 1],
  ];
  return rows.map(([time, status]) => `${pin}\t${time}\t${status}\t${verify}\t0\t0\t0`);
}

const step = (label, text) => console.log(`\n(${label}) ${text}`);
const enc = encodeURIComponent;

// (a) Sign in, read the device and each person's PIN.
step('a', `sign in to ${base} as ${options.user}`);
await send(`${base}/api/health`);
const token = await signInAsAdmin();
console.log('    signed in');

const listed = await send(`${base}/api/tms/attendance-devices?keyword=${enc(sn)}&size=50`, { headers: { authorization: `Bearer ${token}` } });
let zone = FALLBACK_ZONE;
let system = 'SPEEDGATE';
/** The device list says the server will refuse the device: its handshake comes next and shows the server's answer. */
let refused = false;
if (listed.ok) {
  const row = (await listed.json()).data.find((d) => d.serial_number.toLowerCase() === sn.toLowerCase());
  if (row) {
    ({ system, time_zone: zone } = row);
    refused = !row.active;
    const state = row.active ? '' : ' (inactive: the server will refuse it)';
    console.log(`    device ${row.serial_number}${row.name ? ` "${row.name}"` : ''}: system ${system}, time zone ${zone}, stamp ${row.attlog_stamp ?? 'none'}${state}`);
  } else {
    refused = true;
    console.log(`    device ${sn} is not in the device list (the server will refuse it): assuming system ${system}, time zone ${zone}`);
  }
} else {
  console.log(`    device list answered ${listed.status}: assuming system ${system}, time zone ${zone}`);
}
const date = options.date ?? dateInZone(zone, 1);
console.log(`    day of the punches: ${date} (device-local)`);

const people = [];
for (const username of refused ? [] : staff) {
  const q = `keyword=${enc(username)}&attendance_check_system=${enc(system)}&date=${date}&size=50`;
  const { data } = await api(token, `/tms/employee-attendance-check-system-config?${q}`);
  const mapping = data.find((r) => r.hrms_username.toLowerCase() === username.toLowerCase());
  if (!mapping) {
    console.log(`    ${username}: no ${system} attendance check id on ${date}, skipped`);
    continue;
  }
  const before = (await api(token, `/tms/check-in-out/${date}?employee=${enc(username)}`)).data.check_times.length;
  people.push({ username, name: mapping.hrms_name, pin: mapping.attendance_check_id, employeeId: mapping.employee_id, before });
  console.log(`    ${username} (${mapping.hrms_name}): PIN ${mapping.attendance_check_id}, ${before} punches on ${date} so far`);
}
if (people.length === 0 && !refused) fail(`none of ${staff.join(', ')} has a ${system} attendance check id on ${date}`);

// (b) Handshake: the options, with the stamp to resume from.
step('b', `handshake GET /iclock/cdata?SN=${sn}&options=all&pushver=2.4.1`);
const options_ = await device('GET', `/iclock/cdata?SN=${enc(sn)}&options=all&pushver=2.4.1`);
for (const line of options_.split(/\r?\n/)) console.log(`    < ${line}`);
const stampText = /^ATTLOGStamp=(.*)$/m.exec(options_)?.[1]?.trim() ?? '0';
const stamp = /^\d+$/.test(stampText) ? Number(stampText) : 0;
const operlogStamp = Number(/^OPERLOGStamp=(\d+)\s*$/m.exec(options_)?.[1] ?? 0) + 1;
console.log(`    ATTLOGStamp=${stampText}: the device resumes after it`);
if (people.length === 0) fail(`no PINs to punch with: device ${sn} was ${refused ? 'expected to be refused' : 'read'} before its handshake`);

// (c) The day's punches.
const records = people.flatMap((p, i) => dayRecords(p.pin, date, i));
const attlogStamp = stamp + records.length;
step('c', `POST /iclock/cdata?SN=${sn}&table=ATTLOG&Stamp=${attlogStamp}: ${records.length} records of ${people.length === 1 ? '1 person' : `${people.length} people`}`);
for (const line of records) console.log(`    > ${line.replaceAll('\t', '  ')}`);
console.log(`    < ${await device('POST', `/iclock/cdata?SN=${enc(sn)}&table=ATTLOG&Stamp=${attlogStamp}`, `${records.join('\n')}\n`)}`);

// (d) An operation log line (an admin menu opened on the unit): acknowledged, not stored.
const oplog = `OPLOG 4\t0\t${date} 07:55:00\t0\t0\t0\t0`;
step('d', `POST /iclock/cdata?SN=${sn}&table=OPERLOG&Stamp=${operlogStamp}: 1 line (ignored by the server)`);
console.log(`    > ${oplog.replaceAll('\t', '  ')}`);
console.log(`    < ${await device('POST', `/iclock/cdata?SN=${enc(sn)}&table=OPERLOG&Stamp=${operlogStamp}`, `${oplog}\n`)}`);

// (e) Commands queued for the device (Settings → Attendance Devices → Commands); each is answered as done.
step('e', `GET /iclock/getrequest?SN=${sn}`);
const commands = await device('GET', `/iclock/getrequest?SN=${enc(sn)}`);
for (const line of commands.split(/\r?\n/)) console.log(`    < ${line}`);
const queued = commands
  .split(/\r?\n/)
  .map((line) => /^C:(\d+):(.*)$/.exec(line.trim()))
  .filter(Boolean);
if (queued.length > 0) {
  const results = queued.map(([, id, command]) => `ID=${id}&Return=0&CMD=${command.split(/\s/)[0]}`).join('\n');
  console.log(`    POST /iclock/devicecmd: ${queued.length} command(s) done (this script only pretends to run them)`);
  console.log(`    < ${await device('POST', `/iclock/devicecmd?SN=${enc(sn)}`, `${results}\n`)}`);
}

// (f) What the app shows now: the Check In-Out day drawer, and the day's value on the HR timesheet grid.
step('f', `what the app shows for ${date}`);
const periods = (await api(token, '/tms/filters/periods')).data;
const period = periods.find((p) => p.from_date <= date && date <= p.to_date);
for (const p of people) {
  const day = (await api(token, `/tms/check-in-out/${date}?employee=${enc(p.username)}`)).data;
  const fromDevice = day.check_times.filter((t) => t.source === 'adms').length;
  const added = day.check_times.length - p.before;
  let value = 'no timesheet period holds the day';
  if (period) {
    const q = `timesheetId=${period.timesheet_id}&employee=${p.employeeId}&size=1`;
    const entry = (await api(token, `/tms/timesheets?${q}`)).data[0]?.timesheets.find((t) => t.date_of_issue === date);
    value = !entry
      ? 'not judged yet'
      : entry.value === null
        ? entry.day_type === 'WORKING'
          ? 'no value yet (the day is judged once it is over)'
          : `no value (${entry.day_type})`
        : `value ${entry.value}${entry.overridden ? ' (HR override)' : ''}${entry.is_late_coming ? ', late' : ''}${entry.is_early_leaving ? ', early' : ''}`;
  }
  console.log(
    `    ${p.username}: first in ${day.check_in_time ?? '—'}, last out ${day.check_out_time ?? '—'}; ${day.check_times.length} punches that day (${added} new, ${fromDevice} from ADMS devices); ${value}`,
  );
}
console.log(`\nDone. Timesheet → ${period ? period.name : 'the period of that day'}, or Check In-Out Time → ${date}, shows these punches.`);
