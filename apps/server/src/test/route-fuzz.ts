import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { DEVICE_KEY_HEADER, DEVICE_KEYS_PATH } from '@tms/contracts/punches';
import { sessions } from '../db/schema/identity.ts';
import { payrollPeriods } from '../db/schema/periods.ts';
import { hashToken } from '../plugins/auth.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { insertWeekdaySchedule } from './schedules.ts';

/**
 * The route fuzz walk (issue 7 §2), shared by the two test files that run its callers in two workers
 * (fuzz-routes.test.ts, fuzz-routes-roles.test.ts) so the long walk does not hold one worker alone.
 *
 * Issue 7 §2: no input gives a 500. Walks every operation of the OpenAPI document (so a new route is covered with no
 * extra work) and calls it, as anonymous and as each role's fixture user, with hostile values of each parameter's
 * documented type — NUL, lone surrogates, integers past PostgreSQL `integer`, very long and unusual texts, wrong
 * types — in the path, the query and the JSON body; any 5xx fails. The plain-text bodies of the attendance devices'
 * /iclock endpoints are fuzzed from a registered device (issue 22 §4). Seeded and bounded: FUZZ_SEED and FUZZ_RUNS
 * replay or widen a run.
 */

export const SEED = Number(process.env.FUZZ_SEED ?? 20260307);
/** Runs per route for a caller the route admits; a caller it refuses (401/403 before the input is read) gets 2. */
export const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const REFUSED_RUNS = 2;
export const CALLERS = ['admin', 'hr', 'hrm', 'dl', 'gl', 'pm', 'staff', 'guest', 'anonymous'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * API routes left out of the OpenAPI document (`schema.hide`) with the reason they need no fuzzing. fuzz-routes.test.ts
 * fails when a hidden route is not listed here, so hiding a route is a decision someone wrote down.
 */
export const HIDDEN_ROUTES: Record<string, string> = {
  'GET /api/health': 'load-balancer probe: reads no input',
};

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  nullable?: boolean;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  $ref?: string;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
export type OpenApiDoc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

// ---------------------------------------------------------------------------------------------------------------
// Hostile values

const LONG = 'x'.repeat(70_000);
const HOSTILE_TEXTS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '',
  ' ',
  '\t\n',
  LONG,
  'Đặng Văn Sơn 🙂 ẞ ﷽',
  '%_\\',
  "' or 1=1 --",
  '$1',
  '1,2,\u0000',
  ',,,',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '1e308',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '１２',
  'true',
  'null',
  '31/02/2026',
  '2026-02-31',
  '9999-12-31',
  '0001-01-01',
  '2026-13-01T25:61:00+99:99',
];
const HOSTILE_NUMBERS = [2147483648, -2147483649, 2147483647, -1, 0, 1, 2, 0.5, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 5e-324, 1e21];
const WRONG_TYPES: unknown[] = [null, true, false, {}, [], [[]], { a: { b: '\u0000' } }, 'text', 12, -1, 2147483648];

const hostileChar = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('\u0000', 'Đ', 'ặ', 'ơ', '%', '_', '\\', ',', "'", '"', ' ', '/', '?', '#', '&', '='),
);
export const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 2, arbitrary: fc.string({ unit: hostileChar, maxLength: 40 }) },
);
const hostileNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

function resolve(schema: Schema | undefined, doc: OpenApiDoc): Schema {
  if (!schema) return {};
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop()!;
    return resolve(doc.components?.schemas?.[name], doc);
  }
  return schema;
}

/** The documented sample values of a schema (enum, default, examples), for values that pass and then are bent. */
function samples(schema: Schema): unknown[] {
  return [...(schema.enum ?? []), ...(schema.default !== undefined ? [schema.default] : []), ...(schema.example !== undefined ? [schema.example] : []), ...(schema.examples ?? [])];
}

/** An example object with one or more of its fields replaced by hostile values of the field's own type or another. */
function bentExample(example: Record<string, unknown>, depth: number): fc.Arbitrary<unknown> {
  const keys = Object.keys(example);
  if (keys.length === 0) return fc.constant(example);
  return fc.constantFrom(...keys).chain((key) =>
    valueOf(typeof example[key] === 'number' ? { type: 'number' } : typeof example[key] === 'string' ? { type: 'string' } : {}, depth + 1, undefined).map((value) => ({
      ...example,
      [key]: value,
    })),
  );
}

/** Hostile values of the schema's type (mostly) and of other types (sometimes). */
function valueOf(raw: Schema | undefined, depth: number, doc: OpenApiDoc | undefined): fc.Arbitrary<unknown> {
  const schema = doc ? resolve(raw, doc) : (raw ?? {});
  const options: fc.WeightedArbitrary<unknown>[] = [{ weight: 1, arbitrary: fc.constantFrom(...WRONG_TYPES) }];
  const known = samples(schema);
  if (known.length > 0) {
    options.push({ weight: 2, arbitrary: fc.constantFrom(...known) });
    const texts = known.filter((v): v is string => typeof v === 'string');
    if (texts.length > 0) options.push({ weight: 1, arbitrary: fc.tuple(fc.constantFrom(...texts), hostileText).map(([v, h]) => v + h) });
    const objects = known.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));
    if (objects.length > 0 && depth < 4) options.push({ weight: 4, arbitrary: fc.constantFrom(...objects).chain((o) => bentExample(o, depth)) });
  }
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length > 0 && depth < 5) options.push({ weight: 6, arbitrary: fc.oneof(...branches.map((b) => valueOf(b, depth + 1, doc))) });
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const type of types) {
    if (type === 'string') options.push({ weight: 6, arbitrary: hostileText });
    else if (type === 'integer' || type === 'number') options.push({ weight: 6, arbitrary: hostileNumber });
    else if (type === 'boolean') options.push({ weight: 3, arbitrary: fc.constantFrom<unknown>(true, false, 'true', '1', '\u0000') });
    else if (type === 'array' && depth < 5) {
      const item = valueOf(schema.items, depth + 1, doc);
      options.push({ weight: 6, arbitrary: fc.array(item, { maxLength: 4 }) });
      // A long list of short values (a long list of long texts would only test the body limit).
      options.push({ weight: 1, arbitrary: fc.constantFrom<unknown>(1, 2147483648, 'a\u0000', '\ud800', null).map((v) => Array.from({ length: 2000 }, () => v)) });
    } else if (type === 'object' && depth < 5) options.push({ weight: 6, arbitrary: objectOf(schema, depth, doc) });
  }
  if (types.length === 0 && branches.length === 0 && known.length === 0) {
    // Undocumented shape (`{}`): texts, numbers and objects named like any field of the API.
    options.push({ weight: 3, arbitrary: hostileText }, { weight: 2, arbitrary: hostileNumber });
    if (depth < 4) options.push({ weight: 3, arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), valueOf({ type: ['string', 'integer'] }, depth + 1, doc), { maxKeys: 4 }) });
  }
  if (schema.nullable) options.push({ weight: 1, arbitrary: fc.constant(null) });
  return fc.oneof(...options);
}

/** Every property, present or left out, with hostile values; now and then an unknown property too. */
function objectOf(schema: Schema, depth: number, doc: OpenApiDoc | undefined): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, prop] of Object.entries(props)) model[name] = valueOf(prop, depth + 1, doc);
  return fc
    .tuple(fc.record(model, { requiredKeys: [] }), fc.option(fc.tuple(fc.constantFrom('__proto__', 'constructor', 'createdBy', 'x\u0000'), hostileText), { freq: 5 }))
    .map(([value, extra]) => (extra ? { ...value, [extra[0]]: extra[1] } : value));
}

/** Property names anywhere in the document: what an undocumented object (`{}`) is filled with. */
let fieldNames: string[] = ['id'];
function collectFieldNames(doc: OpenApiDoc): string[] {
  const names = new Set<string>(['id']);
  const walk = (s: unknown): void => {
    if (Array.isArray(s)) s.forEach(walk);
    else if (s && typeof s === 'object') {
      for (const [k, v] of Object.entries(s)) {
        if (k === 'properties' && v && typeof v === 'object') Object.keys(v).forEach((n) => names.add(n));
        if (k === 'parameters' && Array.isArray(v)) v.forEach((p: Parameter) => names.add(p.name));
        walk(v);
      }
    }
  };
  walk(doc.paths);
  return [...names].sort();
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** percent-encoding of UTF-16 text, lone surrogates included (encodeURIComponent throws on them): WTF-8 bytes. */
export function encodeComponent(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(text[i]!);
  }
  return out;
}

function asParamText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

type FuzzRequest = { method: string; url: string; payload?: string | Buffer; contentType?: string; label: string };

const GARBAGE_BODIES: { contentType: string; payload: string | Buffer }[] = [
  { contentType: 'multipart/form-data; boundary=x', payload: '' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\u0003\u0004garbage\u0000\r\n--x--\r\n' },
  { contentType: 'multipart/form-data; boundary=x', payload: Buffer.from(randomBytes(2048)) },
  { contentType: 'multipart/form-data', payload: 'no boundary' },
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/octet-stream', payload: Buffer.from([0, 1, 2, 255]) },
];

/**
 * A value the route is likely to accept (documented samples, small ids, dates in both formats): the other
 * parameters of a request are plausible so that the hostile one gets past validation of its siblings.
 */
function plausibleOf(raw: Schema | undefined, name: string, depth: number, doc: OpenApiDoc, first = false): fc.Arbitrary<unknown> {
  const schema = resolve(raw, doc);
  const choose = <T,>(values: T[]): fc.Arbitrary<T> => (first ? fc.constant(values[0]!) : fc.constantFrom(...values));
  const known = samples(schema);
  if (known.length > 0) return choose(known);
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length > 0 && depth < 5) return first ? plausibleOf(branches[0], name, depth + 1, doc, first) : fc.oneof(...branches.map((b) => plausibleOf(b, name, depth + 1, doc)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return choose([1, 2, 3]);
  if (type === 'boolean') return choose([false, true]);
  if (type === 'string') {
    if (/date/i.test(name)) return choose(['2026-03-10', '10/03/2026', '2020-01-06']);
    if (/(^id|Id|ID|_id)$/.test(name)) return choose(['1', '2', '3']);
    return choose(['HCM', 'staff', 'son', 'TMS', 'CGLOBALHCM', 'STAFF', '1', 'abc']);
  }
  if (type === 'array' && depth < 5) return fc.array(plausibleOf(schema.items, name, depth + 1, doc, first), { minLength: 1, maxLength: first ? 1 : 2 });
  if (type === 'object' && depth < 5) {
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    const required = schema.required ?? [];
    for (const [prop, sub] of Object.entries(schema.properties ?? {})) if (!first || required.includes(prop)) model[prop] = plausibleOf(sub, prop, depth + 1, doc, first);
    return fc.record(model, { requiredKeys: required.filter((k) => k in model) });
  }
  return choose<unknown>([1, 'abc']);
}

/** One input of a route: a path or query parameter, or a top-level property of its JSON body. */
type Slot = { kind: 'path' | 'query' | 'body'; name: string; schema: Schema | undefined; required: boolean };

/** The object schema of a JSON body, through `nullable` and `anyOf [object, null]`. */
function bodyObject(schema: Schema | undefined, doc: OpenApiDoc): Schema | undefined {
  const s = resolve(schema, doc);
  if (s.type === 'object' && s.properties) return s;
  return (s.anyOf ?? s.oneOf ?? []).map((b) => resolve(b, doc)).find((b) => b.type === 'object' && b.properties);
}

const NO_VALUE = Symbol('absent');

/** Leaf types a schema admits (through anyOf, arrays and nullable), for the boundary values of a slot. */
function leafTypes(raw: Schema | undefined, doc: OpenApiDoc, depth = 0): { types: Set<string>; array: boolean } {
  const schema = resolve(raw, doc);
  const out = { types: new Set<string>(), array: false };
  if (depth > 4) return out;
  for (const b of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const sub = leafTypes(b, doc, depth + 1);
    sub.types.forEach((t) => out.types.add(t));
    out.array ||= sub.array;
  }
  for (const t of Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []) {
    if (t === 'array') {
      out.array = true;
      leafTypes(schema.items, doc, depth + 1).types.forEach((x) => out.types.add(x));
    } else out.types.add(t);
  }
  if (out.types.size === 0 && !schema.type && samples(schema).length === 0) ['string', 'integer'].forEach((t) => out.types.add(t));
  return out;
}

/** The values known to have broken the API once (issue 7 §2), tried in every slot before the random runs. */
function boundaryValues(slot: Slot, doc: OpenApiDoc): unknown[] {
  const { types, array } = leafTypes(slot.schema, doc);
  const values: unknown[] = [];
  if (types.has('string')) values.push('a\u0000b', '\ud800', 'x'.repeat(5000));
  if (types.has('integer') || types.has('number')) values.push(2147483648, -1, 1e308);
  // Documented example objects (e.g. a punch): each field in turn set to each boundary value.
  const schema = resolve(slot.schema, doc);
  const examples = [...samples(schema), ...samples(resolve(schema.items, doc))].filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v));
  for (const example of examples) {
    for (const key of Object.keys(example)) for (const v of ['a\u0000b', '\ud800', 2147483648]) values.push({ ...example, [key]: v });
  }
  return array ? [...values, ...values.map((v) => [v])] : values;
}

function requestOf(method: string, path: string, op: Operation, doc: OpenApiDoc, seed: number): { arbitrary: fc.Arbitrary<FuzzRequest>; boundary: FuzzRequest[] } {
  const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const objectBody = bodyObject(jsonSchema, doc);
  const slots: Slot[] = [
    ...params.map((p) => ({ kind: p.in as 'path' | 'query', name: p.name, schema: p.schema, required: p.in === 'path' || p.required === true })),
    ...Object.entries(objectBody?.properties ?? {}).map(([name, schema]) => ({ kind: 'body' as const, name, schema, required: objectBody?.required?.includes(name) ?? false })),
  ];
  // Each slot: a plausible value (or none when optional) and a hostile one; `target` picks which slot is hostile
  // (-1: all of them). The body as a whole may also be of the wrong type or not JSON at all.
  const slotArb = (slot: Slot) =>
    fc.tuple(
      slot.required ? plausibleOf(slot.schema, slot.name, 0, doc) : fc.option(plausibleOf(slot.schema, slot.name, 0, doc), { nil: NO_VALUE, freq: 2 }),
      fc.option(valueOf(slot.schema, 0, doc), { nil: NO_VALUE, freq: slot.kind === 'path' ? 30 : 8 }),
    );
  const target = slots.length > 0 ? fc.oneof({ weight: 8, arbitrary: fc.nat(slots.length - 1) }, { weight: 1, arbitrary: fc.constant(-1) }) : fc.constant(-1);
  const wholeBody: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string } | undefined> = jsonSchema
    ? fc.option(
        fc.oneof(
          valueOf(objectBody ? { type: ['string', 'integer', 'array', 'boolean'] } : jsonSchema, 0, doc).map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })),
          fc.constantFrom(...GARBAGE_BODIES),
        ),
        { nil: undefined, freq: 6 },
      ).map((b) => (b === null ? undefined : b))
    : method === 'get'
      ? fc.constant(undefined)
      : fc.oneof(fc.constant({}), fc.constantFrom(...GARBAGE_BODIES));
  const build = (chosen: unknown[], whole: { payload?: string | Buffer; contentType?: string } | undefined): FuzzRequest => {
    let url = path;
    const query: string[] = [];
    const body: Record<string, unknown> = {};
    slots.forEach((slot, i) => {
      const v = chosen[i];
      if (slot.kind === 'path') url = url.replace(`{${slot.name}}`, encodeComponent(v === NO_VALUE ? '1' : asParamText(v)));
      else if (v === NO_VALUE) return;
      else if (slot.kind === 'query') for (const item of Array.isArray(v) ? v : [v]) query.push(`${encodeComponent(slot.name)}=${encodeComponent(asParamText(item))}`);
      else body[slot.name] = v;
    });
    if (query.length > 0) url += `?${query.join('&')}`;
    const sent = whole ?? (jsonSchema ? { payload: JSON.stringify(body), contentType: 'application/json' } : {});
    const shownBody = typeof sent.payload === 'string' ? sent.payload.slice(0, 300) : sent.payload ? `<${sent.payload.length} bytes>` : '';
    return { method: method.toUpperCase(), url, ...sent, label: `${method.toUpperCase()} ${url.slice(0, 300)} ${sent.contentType ?? ''} ${shownBody}` };
  };
  const arbitrary = fc.tuple(fc.tuple(...slots.map(slotArb)), target, wholeBody).map(([values, hostileAt, whole]) =>
    build(values.map(([plausible, hostile], i) => (hostileAt === -1 || hostileAt === i ? hostile : plausible)), whole),
  );
  // Boundary pass: each slot in turn gets each boundary value, the others one plausible value (optional ones none).
  const plausible = slots.map((slot) => (slot.required ? fc.sample(plausibleOf(slot.schema, slot.name, 0, doc, true), { seed, numRuns: 1 })[0] : NO_VALUE));
  const boundary = slots.flatMap((slot, i) => boundaryValues(slot, doc).map((v) => build(plausible.map((p, j) => (j === i ? v : p)), undefined)));
  return { arbitrary, boundary };
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * A little data for plausible values to reach (id 1 of each, dates around 2026-03-10, schedule code HCM), so hostile
 * values get past "not found" to the SQL that once broke: a Draft period, a schedule, a bonus leave, a comment.
 */
async function seedReachableData(t: TestApp): Promise<void> {
  await t.db.insert(payrollPeriods).values({ companyId: t.fixture.companyId, name: 'T03-2026', fromDate: '2026-02-26', toDate: '2026-03-25', workingDays: 20, status: 0 });
  await insertWeekdaySchedule(t.db, { code: 'HCM', start: '08:00', end: '17:00' });
  const hr = await t.as('hr');
  const calls = [
    { method: 'POST', url: '/api/tms/leaves-management/annual-leaves/priority-leave/create', payload: { usernames: ['staff'], leaveHour: 8, applyDate: '01/01/2099', expireDate: '31/12/2099' } },
    { method: 'POST', url: '/api/tms/timesheets/1/comments', payload: { content: 'seed' } },
  ] as const;
  for (const c of calls) await t.app.inject({ method: c.method, url: c.url, headers: hr, payload: c.payload });
}

type Failure = { caller: Caller; request: string; status: number; body: string };

export async function fuzzAs(caller: Caller): Promise<{ failures: Failure[]; requests: number; operations: number }> {
  const t: TestApp = await createTestApp();
  try {
    const doc = t.app.swagger() as unknown as OpenApiDoc;
    fieldNames = collectFieldNames(doc);
    await seedReachableData(t);
    const failures: Failure[] = [];
    let requests = 0;
    let operations = 0;
    const freshSession = async (): Promise<Record<string, string>> => {
      if (caller === 'anonymous') return {};
      const token = randomBytes(32).toString('base64url');
      await t.db.insert(sessions).values({ tokenHash: hashToken(token), userId: t.fixture.userIds[caller]! });
      return { authorization: `Bearer ${token}` };
    };
    const freshDeviceKey = async (): Promise<string> => {
      const res = await t.app.inject({ method: 'POST', url: `/api${DEVICE_KEYS_PATH}`, headers: await t.as('admin'), payload: { system: 'TMS' } });
      return res.json().data.key as string;
    };
    for (const [path, ops] of Object.entries(doc.paths).sort(([a], [b]) => a.localeCompare(b))) {
      for (const [method, op] of Object.entries(ops)) {
        operations++;
        // A fresh session and device key per route: a route that ends sessions (logout) or deactivates keys
        // affects only itself.
        const headers = { ...(await freshSession()), [DEVICE_KEY_HEADER]: await freshDeviceKey() };
        const send = async (r: FuzzRequest) => {
          requests++;
          const res = await t.app.inject({
            method: r.method as 'GET',
            url: r.url,
            headers: { ...headers, ...(r.contentType ? { 'content-type': r.contentType } : {}) },
            ...(r.payload !== undefined ? { payload: r.payload } : {}),
          });
          return res;
        };
        const probe = await send({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, '1'), label: 'probe' });
        const refused = probe.statusCode === 401 || probe.statusCode === 403;
        const seed = SEED + [...`${method} ${path} ${caller}`].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 0);
        if (probe.statusCode >= 500) failures.push({ caller, request: `probe ${method} ${path}`, status: probe.statusCode, body: probe.body.slice(0, 200) });
        const { arbitrary, boundary } = requestOf(method, path, op, doc, seed);
        let failed = false;
        const check = async (r: FuzzRequest) => {
          const res = await send(r);
          if (res.statusCode < 500) return true;
          // The first 5xx of a route is enough to name it (and keeps the report readable).
          if (!failed) failures.push({ caller, request: r.label, status: res.statusCode, body: res.body.slice(0, 200) });
          failed = true;
          return false;
        };
        if (!refused) for (const r of boundary) if (!(await check(r))) break;
        if (!failed) await fc.check(fc.asyncProperty(arbitrary, check), { seed, numRuns: refused ? REFUSED_RUNS : RUNS, endOnFailure: true });
      }
    }
    return { failures, requests, operations };
  } finally {
    await t.close();
  }
}

