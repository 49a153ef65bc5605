import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { templateParams } from '@tms/contracts/message-format';
import { SERVER_MESSAGE_TABLES, type MessageEntry } from '@tms/contracts/i18n/server-message-tables';
import { describeMessage, listServerMessages, localizeMessage, localizeText, matchMessage, type ServerMessage } from '@tms/contracts/i18n/server-messages';
import { SERVER_MESSAGE_LABELS_VI, SERVER_MESSAGES_VI } from '@tms/contracts/i18n/server-messages.vi';
import { EMPLOYEE_LABELS, EMPLOYEE_MESSAGES } from '@tms/contracts/employees';
import { GENERAL_CONFIG_LABELS } from '@tms/contracts/general-config';
import { EXPLANATION_LABELS } from '@tms/contracts/policies';
import { WEEKDAYS, WORK_SCHEDULE_DAY_FIELDS, WORK_SCHEDULE_MESSAGES } from '@tms/contracts/work-schedule-config';
import { LEAVE_CARRYOVER_MESSAGES } from '@tms/contracts/leave-carryover';
import { TIMESHEET_IMPORT_MESSAGES } from '@tms/contracts/timesheet-export';

/** Issue 25: every server message has a key, both texts, and is found again from its English text. */
const messages = listServerMessages();
const CONTRACTS_SRC = path.resolve(import.meta.dirname, '../../../../packages/contracts/src');

/** Values a message is built from, chosen to break a careless pattern: spaces, regex metacharacters, `$&`. */
const awkward = (name: string) => `a b.c*(${name})?[x]$&+^|\\`;

function callWith(message: ServerMessage, args: readonly unknown[]): string {
  return (message.build as (...a: unknown[]) => string)(...args);
}

function builtTexts(message: ServerMessage): string[] {
  if (!message.build) return [message.template];
  if (message.sample) return [callWith(message, message.sample)];
  return [callWith(message, message.params.map(awkward)), callWith(message, message.params.map((_, i) => `Value ${i + 1}`))];
}

function leaves(table: { readonly [name: string]: MessageEntry }): MessageEntry[] {
  return Object.values(table).flatMap((entry) => (typeof entry === 'object' ? leaves(entry) : [entry]));
}

describe('server message table', () => {
  it('has a non-empty Vietnamese text for every key, and no Vietnamese for a key that does not exist', () => {
    const keys = new Set(messages.map((m) => m.key));
    expect(messages.filter((m) => !SERVER_MESSAGES_VI[m.key]?.trim()).map((m) => m.key)).toEqual([]);
    expect(Object.keys(SERVER_MESSAGES_VI).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('gives the English and the Vietnamese text the same parameters', () => {
    const mismatched = messages.filter((m) => templateParams(SERVER_MESSAGES_VI[m.key] ?? '').sort().join() !== [...m.params].sort().join());
    expect(mismatched.map((m) => `${m.key}: ${m.template} / ${SERVER_MESSAGES_VI[m.key]}`)).toEqual([]);
  });

  it('says one English text one way in Vietnamese, whichever key it has', () => {
    const byEnglish = new Map<string, Set<string>>();
    for (const m of messages) byEnglish.set(m.template, (byEnglish.get(m.template) ?? new Set()).add(SERVER_MESSAGES_VI[m.key]!));
    expect([...byEnglish].filter(([, vi]) => vi.size > 1).map(([en, vi]) => `${en}: ${[...vi].join(' | ')}`)).toEqual([]);
  });

  it('finds every message again from its English text, with parameters that rebuild it in both languages', () => {
    const failures: string[] = [];
    for (const message of messages) {
      for (const text of builtTexts(message)) {
        const own = matchMessage(message.key, text);
        const ref = describeMessage(text);
        if (!own || !ref) {
          failures.push(`${message.key}: ${text} not found`);
          continue;
        }
        if (localizeMessage(ref.key, ref.params, 'en') !== text) failures.push(`${message.key}: ${ref.key} rebuilds another English text`);
        if (localizeMessage(ref.key, ref.params, 'vi') !== localizeMessage(message.key, own, 'vi')) failures.push(`${message.key}: read as ${ref.key}, whose Vietnamese differs`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('registers every message table of the contracts (a table that only repeats registered entries may stay out)', async () => {
    const registered = new Set(Object.values(SERVER_MESSAGE_TABLES).flatMap(leaves));
    const tables = new Set<unknown>(Object.values(SERVER_MESSAGE_TABLES));
    const missing: string[] = [];
    for (const file of fs.readdirSync(CONTRACTS_SRC).filter((f) => f.endsWith('.ts'))) {
      const exports = (await import(path.join(CONTRACTS_SRC, file))) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (!/MESSAGES/.test(name) || typeof value !== 'object' || value === null || tables.has(value)) continue;
        if (!leaves(value as Record<string, MessageEntry>).every((entry) => registered.has(entry))) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('has the Vietnamese of every label a message takes as a parameter', () => {
    const labels = [...Object.values(EMPLOYEE_LABELS), ...Object.values(GENERAL_CONFIG_LABELS), ...Object.values(EXPLANATION_LABELS), ...WEEKDAYS.map((w) => w.label), ...Object.values(WORK_SCHEDULE_DAY_FIELDS)];
    expect(labels.filter((label) => !SERVER_MESSAGE_LABELS_VI[label])).toEqual([]);
  });
});

describe('describeMessage and localizing', () => {
  it('names a static text and a built one with its parameters', () => {
    expect(describeMessage('Username or password is incorrect')).toEqual({ key: 'auth.loginFailed', params: {} });
    expect(describeMessage(WORK_SCHEDULE_MESSAGES.duplicateCode('HCM (A+B)'))).toEqual({ key: 'workSchedule.duplicateCode', params: { code: 'HCM (A+B)' } });
  });

  it('prefers the more specific of two templates that both match', () => {
    expect(describeMessage(TIMESHEET_IMPORT_MESSAGES.idTooLong(100))).toEqual({ key: 'timesheetImport.idTooLong', params: { max: '100' } });
    expect(describeMessage(EMPLOYEE_MESSAGES.tooLong('Full name', 200))).toEqual({ key: 'employee.tooLong', params: { label: 'Full name', max: '200' } });
  });

  it('writes labels, weekdays and numbers the Vietnamese way', () => {
    expect(localizeText(EMPLOYEE_MESSAGES.mustBeNumber(EMPLOYEE_LABELS.remain_annual_leave), 'vi')).toBe('Số phép năm còn lại phải là số');
    expect(localizeText(WORK_SCHEDULE_MESSAGES.hoursInvalid('Monday', WORK_SCHEDULE_DAY_FIELDS.breakTime), 'vi')).toBe(
      'Thứ Hai: thời gian nghỉ phải là số giờ từ 0 đến 24, tối đa 2 chữ số thập phân',
    );
    expect(localizeText(LEAVE_CARRYOVER_MESSAGES.leaveHoursRange('1234.5'), 'vi')).toBe('Số giờ phép phải từ 0 đến 1.234,5');
    expect(localizeText(TIMESHEET_IMPORT_MESSAGES.systemInvalid(['SPEEDGATE', 'TMS']), 'vi')).toBe('Hệ thống chấm công (Attendance Check System) phải là một trong SPEEDGATE, TMS');
  });

  it('reads a long text that repeats a template\'s literals in linear time (a value echoed from an upload)', () => {
    const crafted = `${' ID a is already mapped to b'.repeat(20_000)}; the date ranges of one ID must not overlap`;
    const start = performance.now();
    expect(describeMessage(crafted)).toBeNull();
    expect(performance.now() - start).toBeLessThan(5_000);
  });

  it('leaves English, and any text no table has, as it is', () => {
    expect(localizeText('Staff is required', 'en')).toBe('Staff is required');
    expect(describeMessage('body/username must be string')).toBeNull();
    expect(localizeText('body/username must be string', 'vi')).toBe('body/username must be string');
  });

  it('falls back to English when a parameter is missing, and to the key when the key is unknown', () => {
    expect(localizeMessage('workSchedule.duplicateCode', {}, 'vi')).toBe('Work schedule code {{code}} already exists');
    expect(localizeMessage('no.such', {}, 'vi')).toBe('no.such');
  });
});
