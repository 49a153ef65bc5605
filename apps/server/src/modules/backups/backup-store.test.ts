import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BACKUP_NAME_PATTERN } from '@tms/contracts/backups';
import { backupFileName, backupsToKeep, isoWeek, pruneBackups } from './backup-store.ts';
import { nextNightlyRun } from './backup.job.ts';

const item = (createdDate: string) => ({ name: backupFileName('nightly', new Date(createdDate)), createdDate: new Date(createdDate).toISOString() });

describe('backup names', () => {
  it('are what the download route accepts, sortable by time', () => {
    const name = backupFileName('pre-migration', new Date('2026-01-02T03:04:05.678Z'));
    expect(name).toBe('tms-20260102T030405678Z-pre-migration.tmsbak');
    expect(BACKUP_NAME_PATTERN.test(name)).toBe(true);
    expect(BACKUP_NAME_PATTERN.test('../etc/passwd')).toBe(false);
    expect(BACKUP_NAME_PATTERN.test(`${name}.json`)).toBe(false);
  });
});

describe('ISO weeks', () => {
  it.each([
    ['2026-01-01', '2026-W01'], // a Thursday
    ['2027-01-01', '2026-W53'], // a Friday: the last week of 2026
    ['2024-12-30', '2025-W01'], // a Monday whose Thursday is in 2025
    ['2026-11-29', '2026-W48'], // a Sunday ends its week
    ['2026-11-30', '2026-W49'],
  ])('%s is in %s', (day, week) => expect(isoWeek(day)).toBe(week));
});

describe('retention', () => {
  const now = new Date('2026-11-28T03:00:00Z');

  it('keeps the newest of each of the last 14 days and 8 weeks, and everything of the last day', () => {
    // Two backups a night for 120 nights, the newest one taken an hour ago.
    const items = Array.from({ length: 240 }, (_, i) => item(new Date(now.getTime() - 3600_000 - i * 12 * 3600_000).toISOString()));
    const kept = backupsToKeep(items, { keepDaily: 14, keepWeekly: 8 }, now);
    const keptItems = items.filter((i) => kept.has(i.name));
    const days = new Set(keptItems.map((i) => i.createdDate.slice(0, 10)));
    const weeks = new Set(keptItems.map((i) => isoWeek(i.createdDate.slice(0, 10))));
    // The last day's two, then one a day back to 14 days, then one a week back to 8 weeks.
    expect(keptItems.filter((i) => now.getTime() - Date.parse(i.createdDate) < 86400_000)).toHaveLength(2);
    expect(days.size).toBeGreaterThanOrEqual(14);
    expect(weeks.size).toBe(8);
    expect(kept.size).toBeLessThanOrEqual(2 + 14 + 8);
    const oldest = keptItems.map((i) => i.createdDate).sort()[0]!;
    expect(now.getTime() - Date.parse(oldest)).toBeLessThan(8 * 7 * 86400_000);
  });

  it('removes the files and sidecars retention does not keep', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tms-prune-'));
    try {
      const names = [0, 1, 2, 40].map((daysAgo) => backupFileName('nightly', new Date(now.getTime() - daysAgo * 86400_000 - 3600_000)));
      for (const name of names) fs.writeFileSync(path.join(dir, name), 'not a real backup');
      const removed = await pruneBackups(dir, { keepDaily: 2, keepWeekly: 0 }, now);
      // The one of the last day, and the newest of the two most recent days that have one (today's and yesterday's).
      expect(removed.sort()).toEqual([names[2], names[3]].sort());
      expect(fs.readdirSync(dir).sort()).toEqual([names[0], names[1]].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the nightly backup', () => {
  it('runs at the set hour of the company day, the next day once that hour has passed', () => {
    const tz = 'Asia/Ho_Chi_Minh';
    expect(nextNightlyRun(new Date('2026-11-27T18:00:00Z'), 2, tz).toISOString()).toBe('2026-11-27T19:00:00.000Z'); // 01:00 → 02:00 same night
    expect(nextNightlyRun(new Date('2026-11-27T19:00:00Z'), 2, tz).toISOString()).toBe('2026-11-28T19:00:00.000Z'); // at 02:00 → tomorrow
    expect(nextNightlyRun(new Date('2026-12-31T20:30:00Z'), 2, tz).toISOString()).toBe('2027-01-01T19:00:00.000Z'); // 03:30 on 1 January
  });
});
