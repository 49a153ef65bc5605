// Gzip size of the JavaScript the login page loads: the entry chunk, the login page's lazy chunk and every chunk
// they import statically, read from Vite's build manifest. Builds the web app first. Run: npm run bench:bundle
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] };

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
execSync('npx vite build --manifest --logLevel warn', { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const loginKey = Object.keys(manifest).find((k) => /features\/auth\/login-page\.tsx$/.test(k));
const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const dep of manifest[key]!.imports ?? []) visit(dep);
};
visit(entryKey);
if (loginKey) visit(loginKey);

const gzip = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
let total = 0;
let raw = 0;
for (const key of seen) {
  const file = manifest[key]!.file;
  const size = gzip(file);
  total += size;
  raw += fs.statSync(path.join(dist, file)).size;
  console.log(`  ${file.padEnd(50)} ${(size / 1024).toFixed(1).padStart(8)} KB gzip`);
}
const all = Object.values(manifest).reduce((sum, c) => sum + (c.file.endsWith('.js') ? gzip(c.file) : 0), 0);
console.log(`login page JavaScript: ${(total / 1024).toFixed(1)} KB gzip (${(raw / 1024).toFixed(0)} KB raw) in ${seen.size} chunks${loginKey ? '' : ' (login page chunk not found: it is in the entry)'}`);
console.log(`all JavaScript of the app: ${(all / 1024).toFixed(1)} KB gzip; login share ${((total / all) * 100).toFixed(0)} %`);
