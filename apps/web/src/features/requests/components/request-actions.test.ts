import { describe, expect, it } from 'vitest';
import { dateSpan, quantityText, rowActions } from './request-actions.ts';

describe('the request row', () => {
  it('row actions follow the server flags; the date span and quantity read well', () => {
    expect(rowActions({ actions: { approve: true, reject: true, withdraw: false, edit: false, delegate: true } })).toEqual(['detail', 'approve', 'reject', 'delegate']);
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    expect(dateSpan({ start_date: '2026-11-10', end_date: '2026-11-10', start_shift: 'MORNING', end_shift: 'MORNING' }, dmy)).toBe('10/11/2026 (Morning)');
    expect(dateSpan({ start_date: '2026-11-10', end_date: '2026-11-11', start_shift: null, end_shift: null }, dmy)).toBe('10/11/2026 - 11/11/2026');
    expect(quantityText({ quantity_in_hours: 4, quantity_in_minutes: 240 })).toBe('4h');
    expect(quantityText({ quantity_in_hours: 1.5, quantity_in_minutes: 90 })).toBe('1h 30m');
  });
});
