// Checks that no layer imports from the one above it: C++ under wasm-core/src (by #include) and
// TypeScript under web/src (by import). The layers are listed here, bottom first, and described
// in docs/architecture.md. A folder may use its own files and any folder on a lower level; a
// new folder must be given a level here before it can be used. Exits 1 naming each offence.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Each entry: the folders on one level, bottom first. */
const CORE_LEVELS = [
  ['core'], // kernel: time, packets, scheduler, random streams, JSON, parameter specs, the Simulation
  ['net', 'cc', 'fluid'], // links and queue-disc base, congestion-control modules, the fluid model
  ['loss', 'queues', 'tcp', 'traffic'], // loss models, AQMs, TCP ends, UDP sources
  ['sim'], // building a network from a scenario, the tracer, one run (Instance)
  ['abi'], // the C ABI (wasm-core/include/bl) over everything
];
const WEB_LEVELS = [
  ['params', 'generated', 'types'], // scenario and metric types, parameter specs and units, the WASM module
  ['store', 'scenario'], // chart data off React; scenario paths, presets, live parameters
  ['worker'], // the simulation worker and its message protocol
  ['run', 'ui'], // the page's side of the worker (SimController, one run); small browser helpers and probes
  ['charts'], // canvas charts
  ['sweep'], // parameter sweeps
  ['url'], // the URL format and the app state it carries
  ['fluid', 'embed', 'lessons', 'print'], // features
  ['panels'], // the panels around the charts
  ['compare'], // compare mode (uses panels and charts)
  ['app'], // the page: state, layout, test hook
];

/**
 * Lower folders a folder may still not use. Charts draw the run the core built: what it is they
 * read from its manifest (bl_manifest), never from the scenario document (docs/architecture.md,
 * "One account of the run").
 */
const WEB_FORBIDDEN = { charts: ['scenario'] };

function levelOf(levels, folder) {
  const i = levels.findIndex((l) => l.includes(folder));
  return i < 0 ? null : i;
}

function walk(dir, exts, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, exts, out);
    else if (exts.some((e) => name.endsWith(e)) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

const problems = [];

function check(label, base, levels, files, importsOf, forbidden = {}) {
  for (const file of files) {
    const rel = relative(base, file).split(sep);
    if (rel.length < 2) continue; // entry files at the top (main.tsx, mount.tsx) may use anything
    const from = rel[0];
    const lf = levelOf(levels, from);
    if (lf === null) {
      problems.push(`${label}/${rel.join('/')}: folder "${from}" has no layer in scripts/check-layers.mjs`);
      continue;
    }
    for (const target of importsOf(file)) {
      const to = target.split('/')[0];
      if (to === from) continue;
      const lt = levelOf(levels, to);
      if (lt === null) {
        problems.push(`${label}/${rel.join('/')} uses ${target}: folder "${to}" has no layer`);
        continue;
      }
      if (lt >= lf)
        problems.push(
          `${label}/${rel.join('/')} (layer ${lf}: ${from}) uses ${target} (layer ${lt}: ${to}), which is not below it`,
        );
      else if (forbidden[from]?.includes(to))
        problems.push(`${label}/${rel.join('/')} uses ${target}: "${from}" may not use "${to}" (see WEB_FORBIDDEN)`);
    }
  }
}

// C++: #include "folder/file.h" is relative to wasm-core/src (or wasm-core/include for bl/).
const coreSrc = join(root, 'wasm-core', 'src');
// The public header wasm-core/include/bl/ belongs to abi (it declares what abi.cpp defines).
check('wasm-core/src', coreSrc, CORE_LEVELS, walk(coreSrc, ['.cpp', '.h']), (file) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*#\s*include\s+"([^"]+)"/gm)]
    .map((m) => m[1])
    .filter((t) => t.includes('/'))
    .map((t) => (t.startsWith('bl/') ? `abi/${t}` : t)),
);

// TypeScript: relative imports, resolved against web/src.
const webSrc = join(root, 'web', 'src');
check(
  'web/src',
  webSrc,
  WEB_LEVELS,
  walk(webSrc, ['.ts', '.tsx']).filter((f) => !f.includes(`${sep}generated${sep}`)),
  (file) =>
    [
      ...readFileSync(file, 'utf8').matchAll(
        /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm,
      ),
    ]
      .map((m) => m[1] ?? m[2])
      .map((spec) =>
        relative(webSrc, resolve(dirname(file), spec))
          .split(sep)
          .join('/'),
      )
      .filter((t) => !t.startsWith('..')),
  WEB_FORBIDDEN,
);

// The scenario layer binds its fields through spec tables (sim/scenario.h, the live tables in
// sim/instance.cpp), as the modules do: no key is looked up by its name in wasm-core/src/sim, so
// describe, check, create and live changes cannot disagree about one. A ParamValues read by a
// written key (v.num("rate")), an if/else over keys (key == "weight") or a spec found by a
// written key (findSpec(specs, "tcp")) is named here.
const simDir = join(coreSrc, 'sim');
const KEY_LOOKUPS = [
  [/\.(?:num|flag|option|raw|text|isNull)\(\s*"/, 'reads a value by a written key; bind the field in its table'],
  [/\bkey\s*==\s*"/, 'branches on a written key; give the entry its own action in the table'],
  [/findSpec\([^;]*?,\s*"/, 'finds a spec by a written key; use the table (specOf)'],
];
for (const file of walk(simDir, ['.cpp', '.h'])) {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      for (const [re, why] of KEY_LOOKUPS)
        if (re.test(line)) problems.push(`${relative(root, file)}:${i + 1} ${why}: ${line.trim()}`);
    });
}

// The core's JavaScript face (wasm-core/js: the binding, the metric-block parser, Jain's index,
// the sweep's shared helpers) and its Node package (wasm-core/node) are part of the core: nothing
// under wasm-core imports the page (web/).
const coreDir = join(root, 'wasm-core');
for (const file of walk(coreDir, ['.mjs', '.js', '.mts', '.ts'])) {
  for (const m of readFileSync(file, 'utf8').matchAll(
    /(?:^|\s)(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/gm,
  )) {
    const target = relative(root, resolve(dirname(file), m[1] ?? m[2]))
      .split(sep)
      .join('/');
    if (target === 'web' || target.startsWith('web/'))
      problems.push(`${relative(root, file)} imports ${target}: nothing under wasm-core may import web/`);
  }
}

if (problems.length) {
  console.error(
    `check-layers: ${problems.length} import(s) point up or sideways, or key lookups in the scenario layer:\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(
  'check-layers: every import in wasm-core/src and web/src points to a lower layer; nothing under wasm-core imports web/; no key lookups in wasm-core/src/sim',
);
