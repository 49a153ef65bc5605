import { describe, expect, it } from 'vitest';
import { barHeight } from './summary-chart.tsx';

describe('summary chart bars', () => {
  it('scales to the largest value, keeps a visible sliver for small values and nothing for zero', () => {
    expect(barHeight(50, 100, 148)).toBe(74);
    expect(barHeight(100, 100, 148)).toBe(148);
    expect(barHeight(0.001, 100, 148)).toBe(1);
    expect(barHeight(0, 100, 148)).toBe(0);
    expect(barHeight(5, 0, 148)).toBe(0);
  });
});
