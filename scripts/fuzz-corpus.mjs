// Seeds the fuzzers' corpora (scripts/fuzz.sh): every preset (public/presets) and every JSON
// example in docs/*.md goes to the scenario corpus; the docs' examples and a few fluid-model
// parameter documents go to the fluid corpus (first byte: 0 = bl_fluid, 1 = bl_fluid_steady).
// Usage: node scripts/fuzz-corpus.mjs <scenarioDir> <fluidDir>
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';

const [scenarioDir, fluidDir] = process.argv.slice(2);
if (!scenarioDir || !fluidDir) throw new Error('usage: node scripts/fuzz-corpus.mjs <scenarioDir> <fluidDir>');
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

function put(dir, bytes) {
  fs.mkdirSync(dir, { recursive: true });
  const name = crypto.createHash('sha1').update(bytes).digest('hex');
  fs.writeFileSync(path.join(dir, name), bytes);
}

const scenarios = [];
const presets = path.join(root, 'public/presets');
for (const f of fs
  .readdirSync(presets)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  scenarios.push(fs.readFileSync(path.join(presets, f), 'utf8'));
}
const examples = [];
const docs = path.join(root, 'docs');
for (const f of fs
  .readdirSync(docs)
  .filter((f) => f.endsWith('.md'))
  .sort()) {
  const text = fs.readFileSync(path.join(docs, f), 'utf8');
  for (const m of text.matchAll(/```json\n([\s\S]*?)```/g)) examples.push(m[1]);
}
// The regressions of issue 11, so they stay covered.
scenarios.push(
  '{"version":1,"duration":1,"topology":{"kind":"graph","nodes":["a","b"],"links":[{"name":"x","from":"a","to":"b"}],"flows":[{"src":"a","dst":"a"}]}}',
);
scenarios.push('{"version":1,"duration":30,"measureFrom":10,"flows":{"count":3}}');
for (const s of [...scenarios, ...examples]) put(scenarioDir, Buffer.from(s));
// Issue 28: a tail after a NUL byte (wasm-core/fuzz/scenario_fuzz.cpp) makes a document large
// (tail[0] even: "@@" becomes the fragment repeated 2^tail[1] times) and then live changes, 4
// bytes each (entity, key, value, time step), on a run with a small work budget.
const withTail = (json, tail) => Buffer.concat([Buffer.from(json), Buffer.from([0]), Buffer.from(tail)]);
const liveOps = [0, 3, 1, 2, 7, 4, 6, 3, 6, 7, 12, 1, 1, 3, 0, 5, 5, 0, 0, 7];
put(scenarioDir, withTail('{"version":1,"duration":5,"flows":{"count":4}}', [1, ...liveOps]));
put(scenarioDir, withTail('{"version":1,"duration":3600,"samplePeriod":10,"queue":{"kind":"pi"}}', [1, ...liveOps]));
put(
  scenarioDir,
  withTail('{"version":1,"duration":5,"exoLoss":{"kind":"schedule","steps":[[0,0]@@]}}', [
    0,
    16,
    ...Buffer.from(',[1,0.01]'),
    0,
    ...liveOps,
  ]),
);
put(
  scenarioDir,
  withTail('{"version":1,"duration":5,"flowOverrides":[{"flow":0}@@]}', [0, 12, ...Buffer.from(',{"flow":1}')]),
);

const fluid = [
  '{}',
  '{"flows":5,"duration":5}',
  '{"flows":3,"queue":{"kind":"red","buffer":100},"exoLoss":0.01,"duration":2}',
  '{"flows":4,"pe":[0.01,0.02],"backlog":10}',
  '{"propDelays":[0.05,0.1],"alphas":[0.3,0.4],"duration":1}',
  ...examples,
];
for (const s of fluid) for (const b of [0, 1]) put(fluidDir, Buffer.concat([Buffer.from([b]), Buffer.from(s)]));
console.log(`fuzz corpus: ${scenarios.length + examples.length} scenario seeds, ${fluid.length * 2} fluid seeds`);
