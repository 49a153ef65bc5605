/**
 * Avatar initials of a display name (spec 000 §2 Layout): the first letters of the first and last words,
 * upper-cased ('Nguyen Van An' → 'NA', 'admin' → 'A'); '?' when there is no name.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter((w) => w.length > 0);
  if (words.length === 0) return '?';
  const first = Array.from(words[0]!)[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
