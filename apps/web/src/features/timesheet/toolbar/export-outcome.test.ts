import { describe, expect, it } from 'vitest';
import { TIMESHEET_EXPORT_MESSAGES as M } from '@tms/contracts/timesheet-export';
import { exportOutcome, noAnswer } from './export-outcome.ts';

describe('exportOutcome (spec 001 §8)', () => {
  it('a non-empty file is saved', () => {
    expect(exportOutcome({ ok: true, status: 200, isJson: false, size: 4096 })).toEqual({ kind: 'file' });
  });

  it("an empty file or a JSON answer is 'No data export'", () => {
    expect(exportOutcome({ ok: true, status: 200, isJson: false, size: 0 })).toEqual({ kind: 'error', messages: [M.noData] });
    expect(exportOutcome({ ok: true, status: 200, isJson: true, json: { code: 200, message: 'Success', data: [] }, size: 40 })).toEqual({
      kind: 'error',
      messages: [M.noData],
    });
  });

  it('a refusal shows the server’s text (decoded from the blob), one line per message', () => {
    expect(exportOutcome({ ok: false, status: 404, isJson: true, json: { code: 404, message: 'Timesheet not found', data: null }, size: 60 })).toEqual({
      kind: 'error',
      messages: ['Timesheet not found'],
    });
    expect(exportOutcome({ ok: false, status: 400, isJson: true, json: { code: 400, message: 'a', messages: ['a', 'b'] }, size: 60 })).toEqual({
      kind: 'error',
      messages: ['a', 'b'],
    });
  });

  it("a failure without text is 'Server Time Out!'", () => {
    expect(exportOutcome({ ok: false, status: 504, isJson: false, size: 120 })).toEqual({ kind: 'error', messages: [M.timeout] });
    expect(exportOutcome({ ok: false, status: 500, isJson: true, json: undefined, size: 0 })).toEqual({ kind: 'error', messages: [M.timeout] });
    expect(noAnswer()).toEqual({ kind: 'error', messages: [M.timeout] });
  });
});
