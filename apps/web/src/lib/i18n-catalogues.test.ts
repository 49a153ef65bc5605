import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from './i18n.ts';

/**
 * Issue 25 "Checks": every catalogue pair has the same keys, no empty text, the same interpolation parameters in
 * each pair, and no key the code never reads. A catalogue lives in `<folder>/i18n/{en,vi}.ts`; its keys are read by
 * the code of `<folder>` (a feature, the screen kit, the layout).
 */
const english = import.meta.glob<{ en: Catalogue }>('../**/i18n/en.ts', { eager: true });
const vietnamese = import.meta.glob<{ vi: Catalogue }>('../**/i18n/vi.ts', { eager: true });
const srcRoot = path.resolve(import.meta.dirname, '..');

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const paramsOf = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

function sourceOf(folder: string): string {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'i18n') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) texts.push(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(folder);
  return texts.join('\n');
}

/** Read when the full key is written as a string, or its group is read dynamically (t(`group.${x}`)). */
function isRead(key: string, source: string): boolean {
  const base = key.replace(/_(one|other)$/, '');
  if (source.includes(`'${base}'`) || source.includes(`"${base}"`) || source.includes(`\`${base}\``)) return true;
  const parts = base.split('.');
  for (let i = parts.length - 1; i >= 1; i--) if (source.includes(`\`${parts.slice(0, i).join('.')}.\${`)) return true;
  return false;
}

const pairs = Object.keys(english).map((file) => {
  const viFile = file.replace(/en\.ts$/, 'vi.ts');
  return { file, en: flatten(english[file]!.en), vi: flatten(vietnamese[viFile]?.vi ?? {}), folder: path.resolve(srcRoot, path.dirname(path.dirname(file.replace(/^\.\.\//, '')))) };
});

describe('the web catalogues (issue 25)', () => {
  it('are found: the layout, the login page and the features each have a pair', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(3);
    for (const { file } of pairs) expect(vietnamese[file.replace(/en\.ts$/, 'vi.ts')], `${file} has no vi.ts beside it`).toBeDefined();
  });

  it.each(pairs.map((p) => [p.file, p] as const))('%s: same keys, no empty text, same parameters', (_file, pair) => {
    expect([...pair.vi.keys()].sort()).toEqual([...pair.en.keys()].sort());
    for (const [key, text] of pair.en) {
      const vi = pair.vi.get(key) ?? '';
      expect(text.trim(), `${key} (en) is empty`).not.toBe('');
      expect(vi.trim(), `${key} (vi) is empty`).not.toBe('');
      expect(paramsOf(vi), `${key}: parameters differ`).toEqual(paramsOf(text));
    }
  });

  it.each(pairs.map((p) => [p.file, p] as const))('%s: every key is read by the code beside it', (_file, pair) => {
    const source = sourceOf(pair.folder);
    const unread = [...pair.en.keys()].filter((key) => !isRead(key, source));
    expect(unread).toEqual([]);
  });
});
