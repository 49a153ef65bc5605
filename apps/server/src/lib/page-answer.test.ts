import { describe, expect, it } from 'vitest';
import { pageInfo } from './page-answer.ts';

describe('pageInfo', () => {
  it('takes the total from the first row and asks no count', async () => {
    let asked = 0;
    const info = await pageInfo({ page: 2, size: 20 }, [{ total: 41 }], async () => ++asked);
    expect(info).toEqual({ page: 2, size: 20, total_element: 41 });
    expect(asked).toBe(0);
  });
  it('counts only past the last page', async () => {
    expect(await pageInfo({ page: 3, size: 20 }, [], async () => 41)).toEqual({ page: 3, size: 20, total_element: 41 });
    expect(await pageInfo({ page: 1, size: 20 }, [], async () => 41)).toEqual({ page: 1, size: 20, total_element: 0 });
    expect(await pageInfo({ page: 3, size: 20 }, [])).toEqual({ page: 3, size: 20, total_element: 0 });
  });
});
