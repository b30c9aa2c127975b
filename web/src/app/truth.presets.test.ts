// Issue 23, "Done when", second bullet, for every preset and without a browser: the real core
// (the WebAssembly module the page's worker loads) builds each preset's run; one live change and
// each of the five edits a story can mention (loss, buffer, queue kind, window rule, flow count)
// are made as the page makes them (bl_set_param; the scenario editor's setPath and withKind, the
// core's check before Run); after each, what the page would say is rendered by the page's own
// pure functions (story and title, live controls, flow table and legends, topology labels, print
// summary, the fluid panels' "does this apply") and checked against the run's manifest: no stale
// number, no other rule's or queue's sentence, no raw key. The browser keeps what needs the DOM
// (e2e/truth-edits.spec.ts, on a few presets).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, ParamSpec, Scenario } from '../params/types';
import { normalizeFluidSpecs, normalizeSpecs } from '../params/specs';
import { PRESETS, type Preset, findPreset } from '../scenario/presets';
import { fillStory, liveChangesText, runTitle } from '../scenario/storyText';
import { formatValue, liveControls, manifestLiveValue, sharedFlowLoss } from '../scenario/liveParams';
import { kindGroupOf, withKind } from '../scenario/changeKind';
import { flowRuleNames, wantsBand } from '../charts/chartContext';
import { layoutTopology } from '../panels/topologyLayout';
import { printParams } from '../print/printParams';
import { fluidScopeProblem } from '../fluid/fluidParams';
import { setPath } from '../../../wasm-core/js/paths.mjs';
import { type WasmCore, haveWasm, loadWasmCore } from '../../test/wasmCore';

// What a student should never read: kinds, recovery and loss models by key, scenario paths, SI
// rates as long numbers, JSON, unfilled placeholders and guards of a story template.
const RAW =
  /\b(droptail|fq_codel|newreno|aimd|multcp|lasd|exoLoss|ccParams|flowOverrides|bottleneckRate|(queue|flows|topology)\.\w+)\b|(?<![.\d])\d{7,}\b|[{}]|\[\[|\]\]|::/;

type Edit = 'loss' | 'buffer' | 'queue kind' | 'window rule' | 'flow count';
const EDITS: Edit[] = ['loss', 'buffer', 'queue kind', 'window rule', 'flow count'];
/** Simulated time each run is played to before it is read (the start of a run is what matters). */
const PLAY = 0.3;

let core: WasmCore;
let specs: ParamSpec[];
let fluidSpecs: ParamSpec[];
const labels = (key: string) => specs.find((s) => s.key === key)?.optionLabels ?? {};
const help = (key: string, kind: string) =>
  (specs.find((s) => s.key === key)?.optionHelp?.[kind] ?? '').replace(/^[^:]*: /, '').replace(/\.$/, '');

/** The scenario the editor's Run sends after one edit (its own setPath and withKind), or null when this scenario's editor has no such field. */
function edited(s: Scenario, m: Manifest, what: Edit): Scenario | null {
  const b = m.links.find((l) => l.name === m.bottleneck);
  const set = (x: Scenario, path: string, v: number) => {
    const n = structuredClone(x);
    setPath(n, path, v);
    return n;
  };
  // A graph's links and flows carry their own queues, rules and counts; a chain's flow count is its topology's.
  if (m.topology === 'graph' && what !== 'loss') return null;
  switch (what) {
    case 'loss':
      return set(withKind(s, specs, kindGroupOf(specs, 'exoLoss.kind')!, 'bernoulli'), 'exoLoss.rate', 0.03);
    case 'buffer':
      return set(s, 'queue.buffer', 77);
    case 'queue kind':
      return withKind(s, specs, kindGroupOf(specs, 'queue.kind')!, b?.queue.kind === 'codel' ? 'red' : 'codel');
    case 'window rule':
      return withKind(s, specs, kindGroupOf(specs, 'flows.cc')!, m.flows[0]?.cc === 'cubic' ? 'bbr' : 'cubic');
    case 'flow count':
      return m.topology === 'dumbbell' ? set(s, 'flows.count', 3) : null;
  }
}

/** Everything the page says of a run, by part, as its pure functions render it. */
function said(p: Preset, s: Scenario, m: Manifest): Record<string, string> {
  const o = { legend: !wantsBand(m.flows.length, false), presetTitle: (id: string) => findPreset(id)?.title };
  const layout = layoutTopology(m, specs, m.flows.length, 600, 300);
  return {
    title: runTitle(p, s, specs, m, o),
    watch: p.watch ? fillStory(p.watch, specs, s, m, o) : '',
    try: p.tryThis ? fillStory(p.tryThis, specs, s, m, o) : '',
    changes: m.changes.length ? liveChangesText(specs, m) : '',
    live: liveControls(specs, m)
      .map((c) => `${c.spec.label} ${formatValue(manifestLiveValue(m, c.entity, c.key), c.spec)}`)
      .join('; '),
    table: m.flows.map((f) => labels('flows.cc')[f.cc] ?? f.cc).join(', '),
    legend: (flowRuleNames(specs, m) ?? []).join(', '),
    topology: [...layout.nodes, ...layout.links].map((x) => x.label ?? '').join(' '),
    print: printParams(specs, s, m)
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
    fluid: fluidScopeProblem(m, specs, fluidSpecs) ?? '',
  };
}

/** Each claim about the run against its manifest; `id` names the case in failures. */
function check(id: string, t: Record<string, string>, m: Manifest): void {
  for (const [part, text] of Object.entries(t)) expect(text, `${id}: ${part}`).not.toMatch(RAW);
  // Without the titles of other presets a story quotes (“...”): those are the other preset's.
  const story = `${t.title} ${t.watch} ${t.try}`.replace(/“[^”]*”/g, '');
  const b = m.links.find((l) => l.name === m.bottleneck);
  // The flow count the story gives is the run's.
  for (const n of story.matchAll(/\b(\d[\d,]*) TCP flows?\b/g))
    expect(Number(n[1]!.replace(/,/g, '')), `${id}: "${n[0]}"`).toBe(m.flows.length);
  // The bottleneck's queue as it stands: its buffer and kind, no other kind's.
  const queues = labels('queue.kind');
  if (b) {
    for (const n of story.matchAll(/\b(\d[\d,]*)-packet\b/g))
      expect(Number(n[1]!.replace(/,/g, '')), `${id}: "${n[0]}" in ${story}`).toBe(b.buffer);
    const names = Object.values(queues).map((l) => l.replace(/[()]/g, '\\$&'));
    for (const q of story.matchAll(new RegExp(`-packet (${names.join('|')}) (queue|buffer)\\b`, 'g')))
      expect(q[1], `${id}: "${q[0]}"`).toBe(queues[b.queue.kind]);
  }
  // No window rule the flows do not run is said to be run, nor told by its sentence.
  const run = new Set(m.flows.map((f) => f.cc));
  for (const [cc, name] of Object.entries(labels('flows.cc'))) {
    if (run.has(cc)) continue;
    expect(t.watch, `${id}: a flow runs ${name}`).not.toMatch(new RegExp(`runs? ${name.replace(/[()]/g, '\\$&')}:`));
    const sentence = help('flows.cc', cc);
    if (sentence) expect(t.watch, `${id}: ${name}'s sentence`).not.toContain(sentence);
  }
  expect(t.table!.split(', ').length, `${id}: a row per flow`).toBe(m.flows.length);
  // A loss set live or none is not told as a schedule.
  const loss = sharedFlowLoss(m);
  if (loss?.kind !== 'schedule')
    expect(`${t.title} ${t.watch}`, `${id}: a schedule the run does not have`).not.toMatch(/\d% at \d+ s ->/);
  // The topology draws the bottleneck's rate as it stands (a live change included).
  if (b && m.topology === 'dumbbell') expect(t.topology, `${id}: topology`).toContain(fmtRate(b.rate));
}

const fmtRate = (r: number) => (r >= 1e9 ? `${+(r / 1e9).toPrecision(4)} Gb/s` : `${+(r / 1e6).toPrecision(4)} Mb/s`);

function built(s: Scenario, changes: (run: ReturnType<WasmCore['create']>) => void = () => {}): Manifest {
  const run = core.create(s);
  try {
    run.runUntil(PLAY);
    changes(run);
    run.runUntil(PLAY + 0.1);
    return run.manifest();
  } finally {
    run.destroy();
  }
}

describe.skipIf(!haveWasm)('every preset, with the real core: what the page says is what the run has', () => {
  beforeAll(async () => {
    core = await loadWasmCore();
    specs = normalizeSpecs(core.describe());
    fluidSpecs = normalizeFluidSpecs(core.describe());
  });

  const made = new Map<Edit, number>();
  it.each(PRESETS.map((p) => [p.id, p] as const))('%s: as built, after a live change, after each edit', (id, p) => {
    const s = structuredClone(p.scenario);
    const m0 = built(s);
    check(`${id} as built`, said(p, s, m0), m0);

    // One live change: every flow's exogenous loss to 1 % (where every flow has a loss link of its
    // own), else the bottleneck's buffer to 50 packets.
    const own = liveControls(specs, m0).some((c) => c.entity === 'flows' && c.key === 'exoLoss');
    const m1 = built(s, (run) => {
      const no = own ? run.setParam('flows', 'exoLoss', 0.01) : run.setParam(`queue.${m0.bottleneck}`, 'buffer', 50);
      expect(no, `${id}: the live change`).toBeNull();
    });
    if (own) expect(manifestLiveValue(m1, 'flows', 'exoLoss')).toBe(0.01);
    else expect(manifestLiveValue(m1, `queue.${m0.bottleneck}`, 'buffer')).toBe(50);
    const t1 = said(p, s, m1);
    check(`${id} after the live change`, t1, m1);
    expect(t1.changes, id).toMatch(own ? /exogenous loss \(all flows\) 1% at / : /buffer \([^)]+\) 50 packets at /i);

    // Each edit the editor offers and the core's check accepts (Run waits for a clean check).
    for (const what of EDITS) {
      const e = edited(s, m0, what);
      if (!e || !core.check(e).ok) continue;
      made.set(what, (made.get(what) ?? 0) + 1);
      const m = built(e);
      const b = m.links.find((l) => l.name === m.bottleneck);
      // The edit took.
      if (what === 'flow count') expect(m.flows.length, id).toBe(3);
      if (what === 'window rule')
        expect(
          m.flows.some((f) => f.cc === 'cubic' || f.cc === 'bbr'),
          id,
        ).toBe(true);
      if (what === 'queue kind') expect(['codel', 'red'], id).toContain(b?.queue.kind);
      if (what === 'buffer') expect(b?.buffer, id).toBe(77);
      if (what === 'loss') expect(sharedFlowLoss(m)?.kind, id).toBe('bernoulli');
      const t = said(p, e, m);
      check(`${id} after the ${what} edit`, t, m);
      // The old values are gone where the story states them.
      if (what === 'buffer' && m0.links.find((l) => l.name === m0.bottleneck)?.buffer !== 77)
        expect(`${t.title} ${t.watch}`, `${id}: old buffer`).not.toMatch(
          new RegExp(`\\b${m0.links.find((l) => l.name === m0.bottleneck)?.buffer}-packet`),
        );
    }
  });

  it('every kind of edit was made on some preset', () => {
    expect([...made.keys()].sort()).toEqual([...EDITS].sort());
  });
});
