/**
 * The key of `texts` whose text is `message`. The contracts' checks answer the spec's English text; the catalogue's
 * English holds the same texts (en.ts reads them from contracts), so its key finds the text in the reader's language.
 */
export function keyOfText<Key extends string>(texts: Readonly<Record<Key, string>>, message: string): Key | undefined {
  return (Object.keys(texts) as Key[]).find((key) => texts[key] === message);
}
