/**
 * Replaces known personal values inside free text (a scrambled copy, README "Outgrowing the embedded database"): the
 * texts of notifications, mails and history name people by their full name and address them by e-mail, so a copy
 * whose employees table was scrambled still names them there unless these are replaced too.
 */
export type Redactor = (text: string) => string;

/** An original value and what replaces it, e.g. 'Nguyễn Văn An' → 'Employee 12'. */
export type Replacement = { original: string; fake: string };

/** Letters (with combining marks) and digits: the words a name is made of, whatever punctuation surrounds them. */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const EMAIL = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;
/** Shorter names would match ordinary words. */
const MIN_NAME_CHARS = 4;

const wordsOf = (text: string) => [...text.toLowerCase().matchAll(WORD)].map((m) => m[0]);

/**
 * A redactor for `names` (matched case-insensitively on whole words, wherever they stand in a text) and `emails`
 * (matched as whole addresses). A name is looked up by its sequence of words, so a text costs a few map look-ups per
 * word however many names there are (10,000 employees, hundreds of thousands of history rows).
 */
export function createRedactor(names: readonly Replacement[], emails: readonly Replacement[]): Redactor {
  const byWords = new Map<string, Replacement & { lower: string }>();
  const lengths = new Set<number>();
  for (const r of [...names].sort((a, b) => a.original.length - b.original.length)) {
    const lower = r.original.trim().toLowerCase();
    const words = wordsOf(lower);
    if (lower.length < MIN_NAME_CHARS || words.length === 0) continue;
    byWords.set(words.join(' '), { ...r, lower });
    lengths.add(words.length);
  }
  const counts = [...lengths].sort((a, b) => b - a);
  const byEmail = new Map(emails.map((r) => [r.original.trim().toLowerCase(), r.fake]));

  return (text) => {
    const mailed = byEmail.size === 0 ? text : text.replace(EMAIL, (m) => byEmail.get(m.toLowerCase()) ?? m);
    if (byWords.size === 0) return mailed;
    const words = [...mailed.matchAll(WORD)];
    let out = '';
    let cursor = 0;
    for (let i = 0; i < words.length; i++) {
      const start = words[i]!.index;
      if (start < cursor) continue;
      for (const n of counts) {
        if (i + n > words.length) continue;
        const key = words.slice(i, i + n).map((w) => w[0].toLowerCase()).join(' ');
        const hit = byWords.get(key);
        if (!hit) continue;
        const end = words[i + n - 1]!.index + words[i + n - 1]![0].length;
        // The words match; the text between them must too ('Son Staff', not 'Son, Staff').
        if (mailed.slice(start, end).toLowerCase() !== hit.lower) continue;
        out += mailed.slice(cursor, start) + hit.fake;
        cursor = end;
        break;
      }
    }
    return out + mailed.slice(cursor);
  };
}

/** Every string inside a JSON value through `redact`; keys and other values as they are. */
export function redactJson(value: unknown, redact: Redactor): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((v) => redactJson(v, redact));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactJson(v, redact)]));
  }
  return value;
}
