/**
 * Splits a plain SQL dump (pg_dump's text format) into statements as it streams in, so a restore sends it in batches
 * and never holds the whole file. A `;` ends a statement only outside string literals ('…', E'…'), quoted identifiers
 * ("…"), dollar quotes ($$…$$, $tag$…$tag$) and comments. psql's meta-commands (a line starting with `\`, such as
 * the `\restrict` of newer pg_dump versions) are not SQL: they are dropped.
 */
type State = 'normal' | 'single' | 'escape-string' | 'double' | 'dollar' | 'line-comment' | 'block-comment';

const SPECIAL = /[;'"$\-/\\]/g;
const DOLLAR_TAG = /\$([A-Za-z_][A-Za-z0-9_]*)?\$/y;
const IDENTIFIER_CHAR = /[A-Za-z0-9_]/;

export async function* sqlStatements(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  const splitter = new StatementSplitter();
  for await (const chunk of chunks) yield* splitter.push(chunk);
  yield* splitter.end();
}

export class StatementSplitter {
  private buf = '';
  private pos = 0;
  private start = 0;
  private state: State = 'normal';
  private tag = '';
  /** Whether the statement under way holds anything but whitespace and comments. */
  private hasCode = false;

  *push(chunk: string): Generator<string> {
    this.buf = this.buf.slice(this.start) + chunk;
    this.pos -= this.start;
    this.start = 0;
    yield* this.scan(false);
  }

  *end(): Generator<string> {
    yield* this.scan(true);
    const rest = this.buf.slice(this.start).trim();
    if (this.hasCode && rest !== '') yield rest;
    this.buf = '';
    this.pos = this.start = 0;
    this.hasCode = false;
  }

  /** Advances as far as the text allows; stops where the next step needs text that has not arrived (unless `final`). */
  private *scan(final: boolean): Generator<string> {
    for (;;) {
      const step = this.step(final);
      if (step === 'wait') return;
      if (step !== 'more') yield step;
    }
  }

  /** One move of the scanner: a finished statement, 'more' to go on, or 'wait' for more text. */
  private step(final: boolean): string | 'more' | 'wait' {
    const { buf } = this;
    switch (this.state) {
      case 'normal':
        return this.stepNormal(final);
      case 'single':
      case 'double': {
        const quote = this.state === 'single' ? "'" : '"';
        const at = buf.indexOf(quote, this.pos);
        if (at === -1 || (at === buf.length - 1 && !final)) return this.waitAt(at === -1 ? buf.length : at);
        // A doubled quote is the quote itself, inside the literal.
        if (buf[at + 1] === quote) this.pos = at + 2;
        else [this.pos, this.state] = [at + 1, 'normal'];
        return 'more';
      }
      case 'escape-string': {
        const at = buf.slice(this.pos).search(/['\\]/);
        if (at === -1) return this.waitAt(buf.length);
        const i = this.pos + at;
        if (i + 1 >= buf.length && !final) return this.waitAt(i);
        if (buf[i] === '\\' || buf[i + 1] === "'") this.pos = i + 2;
        else [this.pos, this.state] = [i + 1, 'normal'];
        return 'more';
      }
      case 'dollar':
        return this.closeAt(buf.indexOf(this.tag, this.pos), this.tag.length);
      case 'line-comment':
        return this.closeAt(buf.indexOf('\n', this.pos), 1);
      case 'block-comment':
        return this.closeAt(buf.indexOf('*/', this.pos), 2);
    }
  }

  private stepNormal(final: boolean): string | 'more' | 'wait' {
    const { buf } = this;
    SPECIAL.lastIndex = this.pos;
    const match = SPECIAL.exec(buf);
    const i = match ? match.index : buf.length;
    if (!this.hasCode && /\S/.test(buf.slice(this.pos, i))) this.hasCode = true;
    if (!match) return this.waitAt(buf.length);
    const c = buf[i]!;
    const next = buf[i + 1];
    if (next === undefined && !final && c !== ';' && c !== "'" && c !== '"') return this.waitAt(i);
    if (c === ';') {
      const statement = buf.slice(this.start, i + 1);
      [this.pos, this.start] = [i + 1, i + 1];
      const keep = this.hasCode;
      this.hasCode = false;
      return keep ? statement.trim() : 'more';
    }
    if (c === '-' && next === '-') return this.enter('line-comment', i + 2);
    if (c === '/' && next === '*') return this.enter('block-comment', i + 2);
    if (c === '\\' && !this.hasCode) return this.dropMetaCommand(i, final);
    this.hasCode = true;
    if (c === "'") return this.enter(isEscapeStringPrefix(buf, i) ? 'escape-string' : 'single', i + 1);
    if (c === '"') return this.enter('double', i + 1);
    if (c === '$' && !(i > 0 && IDENTIFIER_CHAR.test(buf[i - 1]!))) {
      DOLLAR_TAG.lastIndex = i;
      const tag = DOLLAR_TAG.exec(buf);
      if (tag) {
        this.tag = tag[0];
        return this.enter('dollar', i + tag[0].length);
      }
      // Not enough text yet to tell a tag from a lone `$`.
      if (!final && buf.length - i < 64 && /^\$[A-Za-z0-9_]*$/.test(buf.slice(i))) return this.waitAt(i);
    }
    this.pos = i + 1;
    return 'more';
  }

  private dropMetaCommand(i: number, final: boolean): 'more' | 'wait' {
    const eol = this.buf.indexOf('\n', i);
    if (eol === -1 && !final) return this.waitAt(i);
    const end = eol === -1 ? this.buf.length : eol + 1;
    [this.pos, this.start] = [end, end];
    return 'more';
  }

  private enter(state: State, pos: number): 'more' {
    [this.state, this.pos] = [state, pos];
    return 'more';
  }

  private closeAt(at: number, length: number): 'more' | 'wait' {
    if (at === -1) return this.waitAt(Math.max(this.pos, this.buf.length - length + 1));
    [this.pos, this.state] = [at + length, 'normal'];
    return 'more';
  }

  private waitAt(pos: number): 'wait' {
    this.pos = pos;
    return 'wait';
  }
}

/** `E'…'` (or `e'…'`) is a string with backslash escapes, unless the E ends a longer word. */
function isEscapeStringPrefix(buf: string, quoteAt: number): boolean {
  const e = buf[quoteAt - 1];
  if (e !== 'E' && e !== 'e') return false;
  return quoteAt < 2 || !IDENTIFIER_CHAR.test(buf[quoteAt - 2]!);
}
