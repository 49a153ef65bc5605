// Gzip size of the JavaScript two first loads fetch, read from Vite's build manifest (builds the web app first):
// - the login page: the entry chunk, the login page's lazy chunk and every chunk they import statically;
// - the home page (/timesheet after sign-in): the entry, the app (routes and providers), the shell (layout), the
//   timesheet page and its My Timesheet tab (what a staff member sees first), with their static imports; on a phone,
//   and at desktop width, where My Timesheet also fetches its day table (antd's Table) after the first render.
// Budgets (issue 26 part 5): login ≤ 150 KB, home ≤ 250 KB gzip; zod stays off both first loads. Run:
// npm run bench:bundle
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
execSync('npx vite build --manifest --logLevel warn', { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const keyOf = (pattern: RegExp) => Object.keys(manifest).find((k) => pattern.test(k));
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

/** The chunks `roots` load: themselves and every chunk they import statically. */
function closure(roots: (string | undefined)[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]!.imports ?? []) visit(dep);
  };
  for (const key of roots) if (key) visit(key);
  return seen;
}

const sizes = new Map<string, number>();
const gzip = (file: string) => {
  if (!sizes.has(file)) sizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return sizes.get(file)!;
};

/**
 * The chunks of `chunks` that hold zod (its error class is named in the minified code). Neither first load fetches
 * zod: the login page imports only zod-free contracts, the home page takes its constants from the contracts'
 * `-constants` modules (docs/ARCHITECTURE.md "Contracts"); an import of a schema-holding module brings zod's 25 KB
 * back, and this says which chunk did.
 */
function zodChunks(chunks: Set<string>): string[] {
  return [...chunks].map((key) => manifest[key]!.file).filter((file) => fs.readFileSync(path.join(dist, file), 'utf8').includes('`ZodError`'));
}

function report(name: string, roots: Record<string, string | undefined>, budgetKb: number): boolean {
  const missing = Object.entries(roots).filter(([, key]) => !key).map(([label]) => label);
  const chunks = closure(Object.values(roots));
  const zod = zodChunks(chunks);
  if (zod.length) console.log(`${name}: zod is on the first load again, in ${zod.join(', ')}`);
  let total = 0;
  let raw = 0;
  console.log(`${name}:`);
  for (const key of chunks) {
    const file = manifest[key]!.file;
    total += gzip(file);
    raw += fs.statSync(path.join(dist, file)).size;
    console.log(`  ${file.padEnd(50)} ${(gzip(file) / 1024).toFixed(1).padStart(8)} KB gzip`);
  }
  const kb = total / 1024;
  console.log(
    `${name} JavaScript: ${kb.toFixed(1)} KB gzip (${(raw / 1024).toFixed(0)} KB raw) in ${chunks.size} chunks; budget ${budgetKb} KB ${kb <= budgetKb ? 'met' : 'EXCEEDED'}` +
      (missing.length ? ` (no chunk of its own: ${missing.join(', ')})` : ''),
  );
  return kb <= budgetKb && zod.length === 0;
}

const login = report('login page', { entry: entryKey, login: keyOf(/features\/auth\/login-page\.tsx$/) }, 150);
// The same roots as apps/web/src/app/first-load.test.ts, which follows their imports in the suite.
const homeRoots = {
  entry: entryKey,
  app: keyOf(/app\/app-routes\.tsx$/),
  layout: keyOf(/app\/layout\/app-layout\.tsx$/),
  timesheet: keyOf(/features\/timesheet\/timesheet-page\.tsx$/),
  myTimesheet: keyOf(/features\/timesheet\/my-timesheet\/my-timesheet-tab\.tsx$/),
};
const home = report('home page (/timesheet) on a phone', homeRoots, 250);
// Wider than a phone, My Timesheet lists the days in antd's Table, a chunk fetched after the first render.
const desktopTable = keyOf(/my-timesheet\/my-timesheet-desktop-table\.tsx$/);
if (!desktopTable) throw new Error('no chunk of the desktop day table: the desktop figure would count nothing');
const homeDesktop = report('home page (/timesheet) at desktop width', { ...homeRoots, desktopTable }, 250);
const all = Object.values(manifest).reduce((sum, c) => sum + (c.file.endsWith('.js') ? gzip(c.file) : 0), 0);
console.log(`all JavaScript of the app: ${(all / 1024).toFixed(1)} KB gzip`);
if (!login || !home || !homeDesktop) process.exitCode = 1;
