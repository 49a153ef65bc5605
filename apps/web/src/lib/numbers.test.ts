import { describe, expect, it } from 'vitest';
import { formatCount, formatDays, formatHours, formatLeave, hoursInputText, isNumberText, parseNumberInput } from './numbers.ts';

describe('number formats (spec 000 §9, 001 §9)', () => {
  it('hours always with 2 decimals', () => {
    expect([8, 12.5, 0, 6.25, 1.005].map((v) => formatHours(v))).toEqual(['8.00', '12.50', '0.00', '6.25', '1.01']);
  });

  it('leave numbers always with 3 decimals', () => {
    expect([17.5, 19.26, 18, 0.1235].map((v) => formatLeave(v))).toEqual(['17.500', '19.260', '18.000', '0.124']);
  });

  it('day values at most 2 decimals, as the grid writes them', () => {
    expect([1, 0.5, 19.26, 19.255, 0.875, -0].map((v) => formatDays(v))).toEqual(['1', '0.5', '19.26', '19.26', '0.88', '0']);
  });

  it('counts whole', () => {
    expect([132, 3.4, 0].map((v) => formatCount(v))).toEqual(['132', '3', '0']);
  });

  it('a missing value is empty, or the placeholder given', () => {
    for (const f of [formatHours, formatLeave, formatDays, formatCount]) {
      expect(f(null)).toBe('');
      expect(f(undefined, '-')).toBe('-');
      expect(f(Number.NaN, '-')).toBe('-');
    }
  });

  it('an hours input shows a settled value with 2 decimals and leaves typing alone', () => {
    expect(hoursInputText('8', { userTyping: false, input: '8' })).toBe('8.00');
    expect(hoursInputText(12.5, { userTyping: false, input: '' })).toBe('12.50');
    expect(hoursInputText('1.555', { userTyping: false, input: '1.555' })).toBe('1.555');
    expect(hoursInputText('1.5', { userTyping: true, input: '1.' })).toBe('1.');
    expect(hoursInputText(undefined, { userTyping: false, input: '' })).toBe('');
  });
});

describe('number inputs read either separator (issue 25)', () => {
  it('a comma is the decimal point, dots before it group thousands; without a comma a dot is the decimal point', () => {
    expect(['4,50', '4.50', ' 4,5 ', '1.234,5', '1 234,5', '12', ''].map(parseNumberInput)).toEqual(['4.50', '4.50', '4.5', '1234.5', '1234.5', '12', '']);
    expect(parseNumberInput(undefined)).toBe('');
  });

  it('tells text that reads as a number from text that does not', () => {
    expect(['4,5', ' 12 ', '1.', '-3'].map(isNumberText)).toEqual([true, true, true, true]);
    expect(['abc', '-', '', '1,2,3x', undefined].map(isNumberText)).toEqual([false, false, false, false, false]);
  });
});
