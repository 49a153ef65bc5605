/**
 * A JSON answer, request body or database row as the route tests read it: field by field, deep paths included
 * (`body.data[0].creator.username`), with the contract checked by the assertions rather than by the type. One
 * declaration for every test file, instead of a `Record<string, any>` of their own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers field by field; the assertions check them
export type Json = Record<string, any>;

/** The parsed JSON body of an injected response, as `T` (by default read field by field). */
export function readJson<T = Json>(res: { json: () => unknown }): T {
  return res.json() as T;
}
