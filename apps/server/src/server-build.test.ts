import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { databaseForProcess, SERVER_DIR, spawnScript } from './test/server-process.ts';

/**
 * Issue 22 §5: production runs the server built to plain JavaScript (`npm run build`, build.mjs) with `node`, no
 * loader. This builds once into a folder of its own beside src/ (so a build or a server using dist/ at the same time
 * is not disturbed), starts the bundle with plain node on a copy of the test database, and checks that it answers,
 * finds its migrations and the web app where `npm start` puts them, and stops on SIGTERM within the bound.
 */
const BOUND_MS = 10_000;
const OUT = `dist-test-${process.pid}`;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
  fs.rmSync(path.join(SERVER_DIR, OUT), { recursive: true, force: true });
});

describe('built server', { timeout: 120_000 }, () => {
  it('builds, starts with plain node, answers /api/health and exits 0 within 10 s of SIGTERM', async () => {
    await promisify(execFile)(process.execPath, ['build.mjs', '--outdir', OUT], { cwd: SERVER_DIR });
    const bundle = path.join(SERVER_DIR, OUT, 'server.js');
    expect(fs.readdirSync(path.join(SERVER_DIR, OUT, 'migrations')).filter((f) => f.endsWith('.sql'))).toEqual(
      fs.readdirSync(path.join(SERVER_DIR, 'src/db/migrations')).filter((f) => f.endsWith('.sql')),
    );
    // Bare imports stay imports of node_modules (wasm and native modules load from their packages); our workspace's
    // TypeScript is inside.
    const source = fs.readFileSync(bundle, 'utf8');
    expect(source).toMatch(/from "@electric-sql\/pglite"|import\("@electric-sql\/pglite"\)/);
    expect(source).not.toMatch(/from "@tms\/contracts/);

    const database = await databaseForProcess('tms-build-', (cleanup) => cleanups.push(cleanup));
    const server = spawnScript(path.join(OUT, 'server.js'), {
      // WEB_DIST unset: the bundle finds apps/web/dist itself, as under `npm start`.
      env: { ...database.env, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', ADMIN_PASSWORD: 'Build-Test-1', LOG_LEVEL: 'warn', WEB_DIST: undefined },
      loader: 'none',
      onCleanup: (cleanup) => cleanups.push(cleanup),
    });
    await server.waitFor('TMS is running at');
    const url = /TMS is running at (http:\/\/localhost:\d+)/.exec(server.output())![1]!.replace('localhost', '127.0.0.1');
    const health = await fetch(`${url}/api/health`);
    expect(health.status, server.output()).toBe(200);
    expect(await health.json()).toMatchObject({ code: 200 });
    const webDist = path.resolve(SERVER_DIR, '../web/dist');
    if (fs.existsSync(path.join(webDist, 'index.html'))) {
      const page = await fetch(`${url}/`);
      expect(page.headers.get('content-type')).toContain('text/html');
    } else {
      expect(server.output()).toContain(JSON.stringify(webDist));
    }

    const sent = Date.now();
    server.kill('SIGTERM');
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(at - sent).toBeLessThan(BOUND_MS);
  });
});
