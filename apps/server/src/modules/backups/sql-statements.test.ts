import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { StatementSplitter } from './sql-statements.ts';

/** Feeds `text` in pieces cut at `cuts` and collects the statements. */
function split(text: string, cuts: number[] = []): string[] {
  const splitter = new StatementSplitter();
  const out: string[] = [];
  let from = 0;
  for (const cut of [...new Set(cuts)].filter((c) => c > 0 && c < text.length).sort((a, b) => a - b)) {
    out.push(...splitter.push(text.slice(from, cut)));
    from = cut;
  }
  out.push(...splitter.push(text.slice(from)));
  out.push(...splitter.end());
  return out;
}

describe('sql statements of a dump', () => {
  it('ends a statement at a semicolon outside literals, identifiers, dollar quotes and comments', () => {
    const dump = [
      "SET standard_conforming_strings = on;",
      "-- a comment; not a statement",
      "CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'no; never';\nEND;\n$$;",
      "INSERT INTO public.t VALUES\n\t(1, 'it''s; fine', \"x;y\"),\n\t(2, E'back\\\\slash\\'; quote', $body$a;b$body$);",
      "/* block; comment */ SELECT 1;",
    ].join('\n');
    expect(split(dump)).toEqual([
      'SET standard_conforming_strings = on;',
      "-- a comment; not a statement\nCREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n  RAISE EXCEPTION 'no; never';\nEND;\n$$;",
      "INSERT INTO public.t VALUES\n\t(1, 'it''s; fine', \"x;y\"),\n\t(2, E'back\\\\slash\\'; quote', $body$a;b$body$);",
      '/* block; comment */ SELECT 1;',
    ]);
  });

  it("drops psql meta-commands and comment-only tails, keeps a last statement without its semicolon", () => {
    expect(split('\\restrict abc123\nSET a = 1;\n-- end\n\\unrestrict abc123\nSELECT 2')).toEqual(['SET a = 1;', 'SELECT 2']);
    expect(split('SELECT 1;\n-- only a comment\n')).toEqual(['SELECT 1;']);
  });

  it('gives the same statements however the text is cut into chunks', () => {
    const literal = fc.string({ unit: fc.constantFrom('a', ';', "'", '"', '$', '-', '\n', '\\', '*', '/', 'E', ' ') });
    const statement = fc.oneof(
      literal.map((s) => `INSERT INTO t VALUES ('${s.replaceAll("'", "''")}');`),
      literal.map((s) => `SELECT "${s.replaceAll('"', '""')}";`),
      literal.filter((s) => !s.includes('$q$')).map((s) => `SELECT $q$${s}$q$;`),
      literal.filter((s) => !s.includes('$$')).map((s) => `DO $$${s}$$;`),
      literal.filter((s) => !s.includes('\n')).map((s) => `-- ${s}\nSELECT 1;`),
    );
    fc.assert(
      fc.property(fc.array(statement, { maxLength: 6 }), fc.array(fc.nat(400), { maxLength: 12 }), (statements, cuts) => {
        const text = statements.join('\n');
        expect(split(text, cuts)).toEqual(split(text));
        expect(split(text)).toEqual(statements);
      }),
      { numRuns: 400 },
    );
  });
});
