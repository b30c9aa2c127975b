/// <reference types="vitest/config" />
// Vite + Vitest configuration. Root is web/, static assets come from ../public, the build goes
// to ../dist with relative paths so the site works from any folder of any static host.
// A service worker (vite-plugin-pwa, Workbox) precaches the whole build (app, WASM core, presets,
// lessons, KaTeX's woff2 fonts), so after one visit every feature works offline (docs/offline.md).
import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { readFileSync } from 'node:fs';

const webDir = fileURLToPath(new URL('.', import.meta.url));

/**
 * The page's chunk (src/mount.tsx, imported by the entry once it has started the worker) and its
 * static imports, preloaded from the HTML: the browser fetches them from the start instead of
 * after the entry chunk has arrived and run. On a 1.6 Mb/s phone link with a 150 ms round trip
 * the link carried 16 kB in the 0.6 s before that (npm run bench:start, docs/bench.md).
 */
function preloadPageChunk(): Plugin {
  return {
    name: 'bl-preload-page-chunk',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const page = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/mount.tsx')));
        if (!page) return html;
        const files: string[] = [];
        const visit = (file: string) => {
          if (files.includes(file)) return;
          files.push(file);
          const c = chunks.find((x) => x.fileName === file);
          for (const dep of c?.imports ?? []) visit(dep);
        };
        visit(page.fileName);
        return files
          .filter((f) => !html.includes(f))
          .map((f) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${f}` },
            injectTo: 'head',
          }));
      },
    },
  };
}

/**
 * The simulation worker started from the page's first script (src/worker/boot.js, with the
 * worker's built file name written in), which index.html loads `async` before anything else: the
 * entry chunk runs only once its imports and the stylesheet are in, 0.1 s later on a cold desktop
 * visit. The entry's SimController takes that worker (worker/client.ts, simWorker). Built sites
 * only: under `vite` (dev) the entry starts it.
 */
function bootWorker(): Plugin {
  let bootFile: string | null = null;
  return {
    name: 'bl-boot-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const workers = Object.keys(bundle).filter((f) => /(^|\/)sim\.worker-[^/]+\.js$/.test(f));
      if (workers.length !== 1) this.error(`bl-boot-worker: expected one sim.worker chunk, found ${workers.length}`);
      const worker = workers[0]!.split('/').pop()!;
      const source = readFileSync(new URL('./src/worker/boot.js', import.meta.url), 'utf8');
      if (!source.includes('__BL_SIM_WORKER__')) this.error('bl-boot-worker: boot.js lost its placeholder');
      const ref = this.emitFile({
        type: 'asset',
        name: 'boot.js',
        source: source.replace('__BL_SIM_WORKER__', worker),
      });
      bootFile = this.getFileName(ref);
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        if (!bootFile) return [];
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, fetchpriority: 'high', src: `./${bootFile}` },
            injectTo: 'head-prepend',
          },
        ];
      },
    },
  };
}

/**
 * The first screen's code in one chunk. Rolldown splits the modules the page's chunk (src/mount.tsx)
 * shares with the panels loaded later (lessons, sweep, compare) into chunks of their own: the first
 * screen needed ten files besides the entry and the page's chunk. Over HTTP/1.1 a browser opens six
 * connections to a host, so the rest waited in line, and the worker's script behind them (0.26 s
 * on a cold desktop visit, npm run bench:start). Every module the page's chunk imports statically
 * and the entry does not now goes into the page's chunk; the panels loaded later import from it.
 */
function firstScreenChunk() {
  const page = new Set<string>();
  const plugin: Plugin = {
    name: 'bl-first-screen-chunk',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const reach = (root: string | undefined) => {
        const seen = new Set<string>();
        const todo = root ? [root] : [];
        while (todo.length) {
          const id = todo.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          todo.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = reach(ids.find((id) => id.endsWith('/src/main.tsx')));
      page.clear();
      for (const id of reach(ids.find((id) => id.endsWith('/src/mount.tsx')))) if (!entry.has(id)) page.add(id);
    },
  };
  const group = {
    name: 'mount',
    test: (id: string) => page.has(id),
    includeDependenciesRecursively: false,
  };
  return { plugin, group };
}
const firstScreen = firstScreenChunk();

export default defineConfig({
  root: webDir,
  base: './',
  publicDir: '../public',
  plugins: [
    react(),
    preloadPageChunk(),
    bootWorker(),
    firstScreen.plugin,
    VitePWA({
      // Registered by main.tsx once the first chart has data, as ./sw.js with the page's own
      // folder as scope, so a copy under any sub-path caches itself.
      injectRegister: false,
      registerType: 'autoUpdate',
      manifest: false,
      workbox: {
        // The core is precached gzipped (the worker inflates and compiles it as it arrives, web/src/worker/wasmBytes.ts); the
        // plain module is only fetched by browsers without DecompressionStream, online.
        globPatterns: ['**/*.{html,js,css,json,woff2,gz}'],
        // The WASM core and KaTeX are well under this; the default 2 MiB would be close for the core.
        maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
        // Any page of the app (?embed=1, a lesson's hash) is index.html.
        navigateFallback: 'index.html',
        ignoreURLParametersMatching: [/^embed$/, /^utm_/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  worker: { format: 'es' },
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    rolldownOptions: { output: { codeSplitting: { groups: [firstScreen.group] } } },
  },
  preview: { port: 4173, strictPort: true },
  test: {
    root: webDir,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One test file per core. Vitest's default keeps a core for itself (cores - 1): one file at a
    // time on a 2-core machine, while its own process mostly waits (docs/testing.md).
    maxWorkers: availableParallelism(),
  },
});
