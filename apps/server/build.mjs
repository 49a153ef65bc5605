// Builds the server to plain JavaScript for `npm start` (issue 22 §5): production runs `node dist/server.js`, with no
// loader. tsx's ESM loader runs its hooks on a second thread that the main thread waits on synchronously, and under
// load a process could stay in that wait after SIGTERM, listeners closed, ignoring further signals.
//
// One bundle of our own code and @tms/contracts (TypeScript, `.ts` import paths); every other package stays external
// and is loaded from node_modules as it is (PGlite's wasm, @node-rs/argon2's native module, exceljs, pg...).
// The files the server reads at run time beside its code are copied next to the bundle: the SQL migrations
// (db/client.ts reads `migrations/` beside the module). src/ and dist/ sit at the same depth, so the paths that climb
// out of the package (the repository's `data/`, `apps/web/dist`) resolve the same from either.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = import.meta.dirname;
// `--outdir DIR` (relative to apps/server) builds elsewhere, e.g. server-build.test.ts's own folder. Keep it beside
// src/ (apps/server/<name>): the paths that climb out of the package assume that depth.
const outArg = process.argv.indexOf('--outdir');
const outDir = path.resolve(serverDir, outArg === -1 ? 'dist' : process.argv[outArg + 1]);
const started = performance.now();

/** Bare imports are external (node_modules) except our workspace packages, which ship TypeScript sources. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@tms/') ? undefined : { path: args.path, external: true }));
  },
};

fs.rmSync(outDir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(serverDir, 'src/server.ts')],
  outfile: path.join(outDir, 'server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  plugins: [externalPackages],
  // Fastify and avvio name plugins by their function names; keep them as written.
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
fs.cpSync(path.join(serverDir, 'src/db/migrations'), path.join(outDir, 'migrations'), { recursive: true });
console.log(`server built: ${path.relative(process.cwd(), path.join(outDir, 'server.js')) || 'server.js'} in ${Math.round(performance.now() - started)} ms`);
