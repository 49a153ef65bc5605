/**
 * Runs a statement that must fail and returns the database's own message, whichever driver wrapped it (PGlite puts
 * it on the error, node-postgres through drizzle on its cause); 'no error' when it did not fail.
 */
export async function dbFailure(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const e = error as { message?: string; cause?: { message?: string } };
    return `${e.message ?? ''} ${e.cause?.message ?? ''}`;
  }
  return 'no error';
}
