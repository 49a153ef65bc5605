import { describe, expect, it } from 'vitest';
import type { BackupItem, BackupList } from '@tms/contracts/backups';
import {
  backupProgressView,
  formatBackupTime,
  formatBytes,
  kindLabel,
  listIsMoving,
  runOutcome,
  scheduleSentence,
  sourceLabel,
  verificationTag,
} from './backup-display.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [10 * 1024 + 300, '10 KB'],
    [250 * 1024, '250 KB'],
    [1024 * 1024 - 10, '1 MB'],
    [12.4 * 1024 * 1024, '12 MB'],
    [3.25 * 1024 * 1024, '3.3 MB'],
    [2.3 * 1024 ** 3, '2.3 GB'],
    [2048 * 1024 ** 3, '2 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it('writes nothing for a size that is not one', () => {
    expect(formatBytes(-1)).toBe('');
    expect(formatBytes(Number.NaN)).toBe('');
  });
});

describe('kindLabel and sourceLabel', () => {
  it('names every kind and source in words', () => {
    expect(['manual', 'nightly', 'pre-migration', 'pre-restore', 'move'].map(kindLabel)).toEqual(['Manual', 'Nightly', 'Before migration', 'Before restore', 'Before move']);
    expect(sourceLabel('pglite')).toBe('Embedded database');
    expect(sourceLabel('postgres')).toBe('PostgreSQL server');
  });

  it('shows a kind or source it does not know as sent', () => {
    expect(kindLabel('weekly')).toBe('weekly');
    expect(sourceLabel('mysql')).toBe('mysql');
  });
});

describe('formatBackupTime', () => {
  it('shows the instant in local time as DD/MM/YYYY HH:mm', () => {
    expect(formatBackupTime(new Date(2026, 10, 3, 2, 5, 59).toISOString())).toBe('03/11/2026 02:05');
    expect(formatBackupTime(new Date(2027, 0, 1, 23, 0).toISOString())).toBe('01/01/2027 23:00');
  });

  it('writes nothing for an unreadable date', () => {
    expect(formatBackupTime('not a date')).toBe('');
  });
});

describe('verificationTag', () => {
  const v = (status: BackupItem['verification']['status'], detail: string | null = null) => ({ status, checkedDate: null, detail });

  it('is a green Verified for a passed check, without a tooltip', () => {
    expect(verificationTag(v('passed'))).toEqual({ label: 'Verified', tone: 'green', tooltip: null });
  });

  it('is a red Failed whose tooltip says why', () => {
    expect(verificationTag(v('failed', 'employees: 120 in the backup, 119 restored'))).toEqual({ label: 'Failed', tone: 'red', tooltip: 'employees: 120 in the backup, 119 restored' });
  });

  it('is blue while checking and grey when never checked', () => {
    expect(verificationTag(v('pending'))).toEqual({ label: 'Checking…', tone: 'blue', tooltip: null });
    expect(verificationTag(v('not-run'))).toEqual({ label: 'Not checked', tone: 'default', tooltip: null });
  });
});

describe('scheduleSentence', () => {
  it('writes the hour on two digits and the counts kept', () => {
    expect(scheduleSentence({ nightlyHour: 2, keepDaily: 7, keepWeekly: 4 })).toBe('Nightly at 02:00 (company time); the last 7 daily and 4 weekly backups are kept.');
    expect(scheduleSentence({ nightlyHour: 23, keepDaily: 14, keepWeekly: 8 })).toBe('Nightly at 23:00 (company time); the last 14 daily and 8 weekly backups are kept.');
  });
});

describe('listIsMoving', () => {
  const item = (status: BackupItem['verification']['status']): BackupItem => ({
    name: 'tms-20261123T020000000Z-nightly.tmsbak',
    kind: 'nightly',
    createdDate: '2026-11-23T02:00:00.000Z',
    sizeBytes: 1024,
    schemaVersion: '0020_list_indexes',
    source: 'pglite',
    tables: 40,
    rows: 1000,
    verification: { status, checkedDate: null, detail: null },
  });
  const list = (items: BackupItem[], runningJobId: number | null): BackupList => ({ items, runningJobId, schedule: { nightlyHour: 2, keepDaily: 7, keepWeekly: 4 } });

  it('keeps reloading while a backup runs or a check is pending', () => {
    expect(listIsMoving(list([], 12))).toBe(true);
    expect(listIsMoving(list([item('passed'), item('pending')], null))).toBe(true);
  });

  it('stops once nothing runs and every check is over', () => {
    expect(listIsMoving(undefined)).toBe(false);
    expect(listIsMoving(list([], null))).toBe(false);
    expect(listIsMoving(list([item('passed'), item('failed'), item('not-run')], null))).toBe(false);
  });
});

describe('backupProgressView', () => {
  it('says what the backup job is doing', () => {
    expect(backupProgressView(undefined).label).toBe('Waiting to start…');
    expect(backupProgressView({ status: 'running', percent: 50, progress: { done: 2, total: 4 } })).toEqual({ percent: 50, status: 'active', label: 'Taking the backup… (2/4)' });
    expect(backupProgressView({ status: 'done', percent: 100, progress: null })).toEqual({ percent: 100, status: 'success', label: 'Backup finished' });
    expect(backupProgressView({ status: 'failed', percent: 20, progress: null })).toEqual({ percent: 20, status: 'exception', label: 'The backup failed' });
  });
});

describe('runOutcome', () => {
  const name = 'tms-20261123T101500123Z-manual.tmsbak';

  it('names the file a finished backup wrote', () => {
    expect(runOutcome({ status: 'done', result: { name, sizeBytes: 2048, verification: 'passed' }, error: null })).toEqual({ type: 'success', text: [`Backup finished: ${name}`] });
    expect(runOutcome({ status: 'done', result: { name, sizeBytes: 2048, verification: 'pending' }, error: null })?.type).toBe('success');
  });

  it('warns when the file was written but its check failed', () => {
    expect(runOutcome({ status: 'done', result: { name, sizeBytes: 2048, verification: 'failed' }, error: null })).toEqual({ type: 'warning', text: [`Backup finished, but its check failed: ${name}`] });
  });

  it('still says finished when the result is not a backup result', () => {
    expect(runOutcome({ status: 'done', result: null, error: null })).toEqual({ type: 'success', text: ['Backup finished'] });
  });

  it('reports a failure with the server’s reason, and nothing while the job runs', () => {
    expect(runOutcome({ status: 'failed', result: null, error: 'The job failed' })).toEqual({ type: 'error', text: ['The backup failed', 'The job failed'] });
    expect(runOutcome({ status: 'failed', result: null, error: null })).toEqual({ type: 'error', text: ['The backup failed'] });
    expect(runOutcome({ status: 'running', result: null, error: null })).toBeNull();
  });
});
