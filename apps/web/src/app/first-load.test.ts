import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The home page's first load (docs/ARCHITECTURE.md "Web", "Contracts") takes what it needs of a contract from the
 * contract's zod-free `-constants` module, so zod is fetched only by pages that parse with a schema. This follows the
 * static imports the bundler follows from the home page's roots (type-only imports are erased, `import()` is a chunk of
 * its own) and fails when a file they reach imports zod — the bundle bench (`bench:bundle`) says the same in bytes.
 */
const webSrc = path.resolve(import.meta.dirname, '..');
const contractsSrc = path.resolve(webSrc, '../../../packages/contracts/src');

/** The files a phone's first visit to /timesheet loads before anything is clicked (bench/login-bundle.bench.ts). */
const HOME_ROOTS = ['main.tsx', 'app/router.tsx', 'app/app-routes.tsx', 'app/layout/app-layout.tsx', 'features/timesheet/timesheet-page.tsx', 'features/timesheet/my-timesheet/my-timesheet-tab.tsx'].map((file) => path.join(webSrc, file));

/** Static imports that reach the bundle: `import type` is erased; a side-effect import and `export … from` count. */
const STATIC_IMPORT = /^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith('@tms/contracts/')
    ? path.join(contractsSrc, specifier.slice('@tms/contracts/'.length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : null;
  if (!base) return null; // a package: not ours to follow
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(webSrc, from)} imports ${specifier}, which is no file`);
}

/** Every file the roots reach, each with the chain of imports that reached it. */
function reach(roots: string[]): Map<string, string[]> {
  const chains = new Map<string, string[]>();
  const queue = roots.map((file) => ({ file, chain: [file] }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    if (chains.has(next.file)) continue;
    chains.set(next.file, next.chain);
    const text = fs.readFileSync(next.file, 'utf8');
    for (const [, specifier] of text.matchAll(STATIC_IMPORT)) {
      const target = resolve(next.file, specifier!);
      if (target && !/\.(css|svg|png)$/.test(target)) queue.push({ file: target, chain: [...next.chain, target] });
    }
  }
  return chains;
}

const importsZod = (file: string) => /^import\s+(?!type\s)[^;]*from\s+['"]zod['"]/m.test(fs.readFileSync(file, 'utf8'));
const shown = (chain: string[]) => chain.map((file) => path.relative(path.resolve(webSrc, '../../..'), file)).join(' → ');

describe('the home page first load', () => {
  it('reaches the files a first visit shows, through the contracts', () => {
    const files = [...reach(HOME_ROOTS).keys()].map((file) => path.basename(file));
    expect(files).toEqual(expect.arrayContaining(['my-timesheet-tab.tsx', 'app-layout.tsx', 'timesheet-grid-constants.ts', 'routes.ts']));
  });

  it('imports no module that imports zod', () => {
    const withZod = [...reach(HOME_ROOTS).entries()].filter(([file]) => importsZod(file)).map(([, chain]) => shown(chain));
    expect(withZod).toEqual([]);
  });

  it('would see a schema module imported for its constants', () => {
    // The walk finds zod behind a contract that holds schemas (what the `-constants` modules avoid).
    const chains = reach([path.join(contractsSrc, 'timesheet-grid.ts')]);
    expect([...chains.keys()].some(importsZod)).toBe(true);
  });
});
