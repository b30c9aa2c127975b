// Builds the site and serves it with `vite preview`, for the scripts that open it in Chromium
// (bench:fps, screenshots).
import { spawn, execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Chromium's launch arguments, as in playwright.config.ts. */
export const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vite = (sub, extra = []) => [
  path.join(root, 'node_modules/vite/bin/vite.js'),
  sub,
  '--config',
  'web/vite.config.ts',
  ...extra,
];

export function buildSite() {
  execFileSync(process.execPath, vite('build', ['--logLevel', 'warn']), {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts `vite preview` on 127.0.0.1:port, serving `outDir` (a built site; dist/ unless given);
 * resolves once it answers, with the child and the URL.
 */
export async function serve(port, outDir = null) {
  const url = `http://127.0.0.1:${port}/`;
  // A server already there (one left running) would answer for the one started here, which then
  // exits on --strictPort: the pages measured would be another build's.
  const taken = await fetch(url).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`something already answers at ${url}: stop it, or pass another --port`);
  const dir = outDir ? ['--outDir', path.resolve(outDir)] : [];
  const child = spawn(
    process.execPath,
    vite('preview', ['--host', '127.0.0.1', '--port', String(port), '--strictPort', ...dir]),
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr.on('data', (d) => {
    err += d;
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`vite preview exited (${child.exitCode}): ${err.trim()}`);
    try {
      if ((await fetch(url)).ok) return { child, url };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`vite preview did not answer at ${url}`);
}
