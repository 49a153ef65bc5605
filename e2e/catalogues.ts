import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The web's text catalogues (docs/i18n.md: each `i18n/` folder holds `en.ts` and `vi.ts`), read from the sources so a
 * journey names texts as the spec and the catalogues do. One loader for the language journeys.
 */
export const webSrc = path.resolve(import.meta.dirname, '../apps/web/src');

type Catalogue = { [key: string]: string | Catalogue };

/** A catalogue's texts by their dotted keys ('config.dates.applyAfterExpire'). */
const flatten = (c: Catalogue, prefix = ''): [string, string][] =>
  Object.entries(c).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));

/** Every `i18n/` folder with an `en.ts` under `dir`, in directory order. */
function catalogueFolders(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (!entry.isDirectory()) continue;
    if (entry.name === 'i18n' && fs.existsSync(path.join(full, 'en.ts'))) out.push(full);
    else catalogueFolders(full, out);
  }
  return out;
}

/** One catalogue pair: its folder, its English texts by key in catalogue order, and the Vietnamese by key. */
export type CataloguePair = { folder: string; en: [key: string, text: string][]; vi: Map<string, string> };

/** Every catalogue pair of the web, in directory order. */
export async function webCatalogues(): Promise<CataloguePair[]> {
  const pairs: CataloguePair[] = [];
  for (const folder of catalogueFolders(webSrc)) {
    const en = flatten(((await import(pathToFileURL(path.join(folder, 'en.ts')).href)) as { en: Catalogue }).en);
    const vi = new Map(flatten(((await import(pathToFileURL(path.join(folder, 'vi.ts')).href)) as { vi: Catalogue }).vi));
    pairs.push({ folder, en, vi });
  }
  return pairs;
}
