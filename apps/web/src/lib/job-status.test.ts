import { describe, expect, it } from 'vitest';
import { isJobFinished, jobProgressView } from './job-status.ts';

const labels = { queued: 'Waiting', running: 'Working', done: 'Finished', failed: 'Broke' };

describe('isJobFinished', () => {
  it('is true only once the job is done or failed', () => {
    expect(isJobFinished(undefined)).toBe(false);
    expect(isJobFinished('queued')).toBe(false);
    expect(isJobFinished('running')).toBe(false);
    expect(isJobFinished('done')).toBe(true);
    expect(isJobFinished('failed')).toBe(true);
  });
});

describe('jobProgressView', () => {
  it('waits while nothing is known or the job is queued', () => {
    expect(jobProgressView(undefined, labels)).toEqual({ percent: 0, status: 'normal', label: 'Waiting' });
    expect(jobProgressView({ status: 'queued', percent: 0, progress: null }, labels)).toEqual({ percent: 0, status: 'normal', label: 'Waiting' });
  });

  it('moves while running, with the reported count when there is one', () => {
    expect(jobProgressView({ status: 'running', percent: 40, progress: { done: 4, total: 10 } }, labels)).toEqual({ percent: 40, status: 'active', label: 'Working (4/10)' });
    expect(jobProgressView({ status: 'running', percent: 0, progress: null }, labels)).toEqual({ percent: 0, status: 'active', label: 'Working' });
    expect(jobProgressView({ status: 'running', percent: 0, progress: { done: 0, total: 0 } }, labels).label).toBe('Working');
  });

  it('is full and green when done, red at the reached percent when failed', () => {
    expect(jobProgressView({ status: 'done', percent: 99, progress: { done: 9, total: 10 } }, labels)).toEqual({ percent: 100, status: 'success', label: 'Finished' });
    expect(jobProgressView({ status: 'failed', percent: 30, progress: null }, labels)).toEqual({ percent: 30, status: 'exception', label: 'Broke' });
  });
});
