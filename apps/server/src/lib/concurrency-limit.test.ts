import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrency-limit.ts';

/** A promise with its resolve and reject at hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('concurrencyLimit', () => {
  it('runs at most `limit` at once, the others in arrival order as places free up', async () => {
    const limited = concurrencyLimit(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limited(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.resolve();
    gates[2]!.resolve();
    gates[3]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('a failing call gives its place on and its error to its caller', async () => {
    const limited = concurrencyLimit(1);
    const failing = limited(async () => {
      throw new Error('statement failed');
    });
    const next = limited(async () => 'next ran');
    await expect(failing).rejects.toThrow('statement failed');
    expect(await next).toBe('next ran');
    // The place is free again: a later call runs at once.
    let ran = false;
    await limited(async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
