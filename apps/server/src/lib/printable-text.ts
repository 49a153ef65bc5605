/**
 * Control characters but tab, LF and CR (C0, DEL, C1), and UTF-16 surrogates without their pair: what a device line,
 * a file's cell or a mail server's reply may hold and a log reader cannot see — and NUL and lone surrogates are what
 * PostgreSQL text refuses.
 */
const UNPRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Outside text as it is copied into a stored error or history text (issue 22 §4): each unprintable character is
 * written as an escape — `\x00`, `\x85`, `\ud800` — so the text is storable and the reader sees what was sent.
 * Printable text, an escape already written included, is unchanged.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => {
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
  });
}

/** `printable(text)` cut to at most `max` UTF-16 units, never between the two halves of a surrogate pair. */
export function printableClip(text: string, max: number): string {
  const clean = printable(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}
