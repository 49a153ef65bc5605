import { describe, expect, it } from 'vitest';
import { filterValuesOf, hasBothDates, overtimeFilterFields, readStoredOvertime } from './overtime-filters.ts';

describe('overtime list filters', () => {
  it('keeps the view and the plain filters for the session, drops the rest', () => {
    expect(readStoredOvertime({ kind: 'FLEXIBLE', filters: { keyword: 'son', projectId: '3', fromDate: '2026-11-01', toDate: '2026-11-30', status: '0,1' } })).toEqual({
      kind: 'FLEXIBLE',
      filters: { keyword: 'son', fromDate: '2026-11-01', toDate: '2026-11-30', status: '0,1' },
    });
    expect(readStoredOvertime({ kind: 'OTHER', filters: { keyword: 5 } })).toEqual({ kind: undefined, filters: {} });
    expect(readStoredOvertime(null)).toEqual({ filters: {} });
  });

  it('enables the exports only with both dates (spec 001 §5.6)', () => {
    expect(hasBothDates({ fromDate: '2026-11-01', toDate: '2026-11-30' })).toBe(true);
    expect(hasBothDates({ fromDate: '2026-11-01' })).toBe(false);
    expect(hasBothDates({})).toBe(false);
  });

  it('each column set has its own statuses and types', () => {
    const fixed = overtimeFilterFields('FIXED').find((f) => f.name === 'status');
    const flexible = overtimeFilterFields('FLEXIBLE').find((f) => f.name === 'status');
    expect(fixed && 'options' in fixed ? fixed.options.map((o) => o.label) : []).toEqual(['PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN', 'CANCELLED', 'EXPIRED']);
    expect(flexible && 'options' in flexible ? flexible.options.length : 0).toBe(8);
    expect(filterValuesOf({ status: '1,3', fromDate: '2026-11-01', toDate: '2026-11-30' }).status).toEqual([1, 3]);
  });
});
