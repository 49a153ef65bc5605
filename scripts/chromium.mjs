// The browser the journeys run in (issue 22 §0: `npm install && npm test` does all the set-up on a fresh machine).
// CHROMIUM_PATH when set; else the system Chromium; else, as root on Debian or Ubuntu, Debian's `chromium` package
// installed with apt-get (as CI does); else one line naming what to run, and the run stops.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
const INSTALL_HINT = 'apt-get install -y chromium (as root), or set CHROMIUM_PATH to a Chromium or Chrome binary';

const found = () => CANDIDATES.find((p) => fs.existsSync(p));

/** The path of a Chromium to run the journeys in, installing Debian's package when that is possible; null if not. */
export function ensureChromium(log = console.log) {
  if (process.env.CHROMIUM_PATH) {
    if (fs.existsSync(process.env.CHROMIUM_PATH)) return process.env.CHROMIUM_PATH;
    log(`CHROMIUM_PATH=${process.env.CHROMIUM_PATH} does not exist: ${INSTALL_HINT}`);
    return null;
  }
  const present = found();
  if (present) return present;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { encoding: 'utf8' }).status === 0;
  if (!root || !apt) {
    log(`Chromium is missing for the browser journeys: run ${INSTALL_HINT}`);
    return null;
  }
  log('Chromium is missing: installing Debian\'s chromium package (apt-get install -y chromium)');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Quiet: apt's progress is hundreds of lines; its errors still show.
  const quiet = { stdio: /** @type {const} */ (['ignore', 'ignore', 'inherit']), env };
  const update = spawnSync('apt-get', ['update', '-qq'], quiet);
  const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], quiet) : update;
  const installed = found();
  if (install.status !== 0 || !installed) {
    log(`Chromium could not be installed with apt-get: run ${INSTALL_HINT}`);
    return null;
  }
  return installed;
}

// `node scripts/chromium.mjs` prints the path, or the line naming what to run and exits 1.
if (import.meta.url === `file://${process.argv[1]}`) {
  const path = ensureChromium();
  if (!path) process.exit(1);
  console.log(path);
}
