import { describe, expect, it } from 'vitest';
import { UPDATE_LEAVE_MESSAGES as M, UPDATE_LEAVE_TEXTS as T } from '@tms/contracts/update-leave';
import { formatDuration, progressView, readStoredJobId, summaryOf, summaryRows, updateLeaveBody } from './update-leave-run.ts';

describe('the request body', () => {
  it('asks for everyone with "All staff", whatever was chosen before', () => {
    expect(updateLeaveBody('all', ['staff'])).toEqual({ all: true });
  });

  it('sends the chosen usernames once, and nothing while nobody is chosen', () => {
    expect(updateLeaveBody('chosen', ['staff', ' gl ', 'staff'])).toEqual({ usernames: ['staff', 'gl'] });
    expect(updateLeaveBody('chosen', [])).toBeNull();
    expect(updateLeaveBody('chosen', ['  '])).toBeNull();
  });
});

describe('the progress bar', () => {
  it('waits, moves with the reported progress, then ends green or red, in Update Leave’s words', () => {
    expect(progressView(undefined)).toEqual({ percent: 0, status: 'normal', label: T.queued });
    expect(progressView({ status: 'running', percent: 40, progress: { done: 4, total: 10 } })).toEqual({ percent: 40, status: 'active', label: `${T.running} (4/10)` });
    expect(progressView({ status: 'running', percent: 0, progress: null })).toEqual({ percent: 0, status: 'active', label: T.running });
    expect(progressView({ status: 'done', percent: 100, progress: { done: 10, total: 10 } })).toMatchObject({ percent: 100, status: 'success', label: T.done });
    expect(progressView({ status: 'failed', percent: 30, progress: null })).toMatchObject({ status: 'exception', label: M.failed });
  });
});

describe('the result summary', () => {
  const result = { employees: 120, granted: 300, adjusted: 4, removed: 1, conflicts: 2, expiredEntries: 0, ms: 12_345 };

  it('reads the job’s result and refuses anything else', () => {
    expect(summaryOf(result)).toEqual(result);
    expect(summaryOf({ ...result, extra: 'x' })).toEqual(result);
    expect(summaryOf(null)).toBeNull();
    expect(summaryOf({ ...result, granted: '300' })).toBeNull();
    expect(summaryOf({ ...result, ms: -1 })).toBeNull();
  });

  it('lists employees, rows granted/adjusted/removed, conflicts, year-end entries and the time', () => {
    expect(summaryRows(result).map((r) => [r.label, r.value])).toEqual([
      [T.resultEmployees, '120'],
      [T.resultGranted, '300'],
      [T.resultAdjusted, '4'],
      [T.resultRemoved, '1'],
      [T.resultConflicts, '2'],
      [T.resultExpired, '0'],
      [T.resultTime, '12.3 s'],
    ]);
  });

  it('writes durations as people read them', () => {
    expect(formatDuration(850)).toBe('850 ms');
    expect(formatDuration(1000)).toBe('1.0 s');
    expect(formatDuration(59_940)).toBe('59.9 s');
    expect(formatDuration(125_000)).toBe('2 min 05 s');
  });
});

describe('the followed run', () => {
  it('comes back from the tab’s storage only as a job id', () => {
    expect(readStoredJobId({ getItem: () => '42' })).toBe(42);
    expect(readStoredJobId({ getItem: () => null })).toBeNull();
    expect(readStoredJobId({ getItem: () => 'abc' })).toBeNull();
    expect(readStoredJobId({ getItem: () => '-3' })).toBeNull();
    expect(readStoredJobId(undefined)).toBeNull();
  });
});
