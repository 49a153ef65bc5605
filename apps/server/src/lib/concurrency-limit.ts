/**
 * At most `limit` of the wrapped calls run at once in this process; the others wait in arrival order. For a heavy
 * read that is CPU-bound in the database: a few at a time finish sooner, one after the other, than many sharing the
 * cores at once.
 */
export function concurrencyLimit(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing call hands its place on
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
