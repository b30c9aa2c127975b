import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../params/types';
import { fluidScopeProblem, fluidSeries, lossHistory, mapRunToFluid } from './fluidParams';
import { readSteady, steadyParams } from './steadyState';
import { normalizeFluidSpecs, normalizeSpecs } from '../params/specs';
import { firstScreenSchedule, testManifest } from '../params/manifestFixture';
import { coreManifest } from '../../test/nativeCheck';
import described from '../../test/fixtures/describe.json';

const specs = normalizeSpecs(described);
const fluidSpecs = normalizeFluidSpecs(described);

/** The real core's account of the packet-level Fig. 2 (RED) and of the XQM chain. */
const fig2Red = coreManifest('xqm-fig2-red') as Manifest;
const chain = coreManifest('xqm-exp1-red') as Manifest;

/** What a student should never read: kinds, window rules and loss models by key, scenario paths. */
const RAW =
  /\b(droptail|fq_codel|codel|red|pi|aimd|cubic|bbr|gilbert|bernoulli|schedule|none|chain|graph|dumbbell|exoLoss|flowOverrides|aggregates|(queue|flows|topology)\.\w+)\b/;

const reason = (m: Manifest): string => {
  const r = mapRunToFluid({ manifest: m, specs, fluidSpecs });
  if (r.ok) throw new Error('expected a refusal');
  // The same words say why the steady state does not apply.
  expect(fluidScopeProblem(m, specs, fluidSpecs)).toBe(r.reason);
  expect(r.reason).not.toMatch(RAW);
  return r.reason;
};

describe('run (manifest) -> fluid model parameters', () => {
  it("maps the packet-level Fig. 2 (RED) to the paper's fluid parameters", () => {
    const m = mapRunToFluid({ manifest: fig2Red, specs, fluidSpecs });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    const p = m.params;
    expect(p.flows).toBe(20);
    expect(p.capacity).toBe(2000); // 16 Mb/s of 1000-byte packets
    // Each flow's round trip as built: 2 x (access + 1 ms + access), the access delays drawn in
    // [19.5, 29.5] ms, so 80-120 ms, about 100 ms on average.
    expect(p.propDelays).toEqual(fig2Red.flows.map((f) => f.rtt));
    for (const r of p.propDelays!) expect(r).toBeGreaterThanOrEqual(0.08 - 1e-9);
    for (const r of p.propDelays!) expect(r).toBeLessThanOrEqual(0.12 + 1e-9);
    // alpha: the sender's access delays over the round trips, about 24.5 / 100.
    const delay = new Map(fig2Red.links.map((l) => [l.name, l.delay]));
    const up = fig2Red.flows.reduce((a, f) => a + delay.get(f.path[0]!)!, 0);
    expect(p.alpha).toBeCloseTo(up / fig2Red.flows.reduce((a, f) => a + f.rtt, 0), 12);
    expect(p.alpha).toBeCloseTo(0.245, 1);
    expect(p.queue).toEqual({ kind: 'red', buffer: 250, minTh: 50, maxTh: 120, maxP: 0.1, weight: 1e-5 });
    expect(p.exoLoss).toEqual([
      [0, 0],
      [20, 0.01],
      [40, 0.05],
    ]);
    expect(p.duration).toBe(60);
    expect(m.packetSize).toBe(1000);
  });

  it('reads the bottleneck as it stands: a live change of its rate or buffer', () => {
    const m = testManifest({ flows: 2, rate: 8e6 });
    m.links[0]!.buffer = 77;
    const r = mapRunToFluid({ manifest: m, specs, fluidSpecs });
    expect(r.ok && r.params.capacity).toBe(1000);
    expect(r.ok && r.params.queue.buffer).toBe(77);
  });

  it("refuses what the fluid model does not have, saying why in the page's words", () => {
    expect(reason(chain)).toContain('not a Chain A-B-C-D topology');
    expect(reason(testManifest({ queueKind: 'pi' }))).toBe('the fluid model has DropTail and RED queues, not PI');
    expect(reason(testManifest({ loss: { kind: 'gilbert', params: {}, source: 'exoLoss', rate: 0.01 } }))).toBe(
      'the fluid model takes exogenous loss None, Random (Bernoulli) or Schedule, not Bursty (Gilbert-Elliott)',
    );
    expect(reason(testManifest({ cc: 'cubic' }))).toContain('its flows run CUBIC;');
    expect(reason(testManifest({ cc: 'cubic' }))).toContain('follow Reno (AIMD)');
    const mixed = testManifest({ flows: 3 });
    mixed.flows[1]!.cc = 'bbr';
    expect(reason(mixed)).toBe("flow 1 runs BBR; the fluid model's flows are identical, all Reno (AIMD)");
    const pooled = testManifest({ flows: 3 });
    pooled.flows[0]!.aggregate = 0;
    pooled.flows[2]!.aggregate = 0;
    expect(reason(pooled)).toContain('pool their windows in an aggregate');
    expect(reason({ ...testManifest(), sources: 2 })).toContain('other traffic than the TCP flows');
    const ownLoss = testManifest({ flows: 2, loss: firstScreenSchedule(0) });
    ownLoss.links[2] = {
      ...ownLoss.links[2]!,
      loss: { kind: 'bernoulli', params: { rate: 0.1 }, source: 'flowOverrides[1].exoLoss', rate: 0.1 },
    };
    expect(reason(ownLoss)).toContain('the flows have different exogenous loss');
    expect(reason(testManifest({ flows: 0 }))).toMatch(/^the fluid model takes 1 to \d+ flows, not 0$/);
    const lossy = testManifest();
    lossy.links[0]!.loss = { kind: 'bernoulli', params: { rate: 0.01 }, source: 'live', rate: 0.01 };
    expect(reason(lossy)).toContain('the bottleneck link itself loses packets');
  });

  it("keeps the sample rows within the core's fluid limit from the describe document", () => {
    const long = testManifest({ flows: 1000 });
    long.run.duration = 3600;
    const limit = described.limits.maxFluidValues.value;
    const rowsTimesCols = (p: { duration: number; samplePeriod: number }, flows: number) =>
      (p.duration / p.samplePeriod) * (flows + 7);
    const m = mapRunToFluid({ manifest: long, specs, fluidSpecs });
    if (!m.ok) throw new Error(m.reason);
    expect(rowsTimesCols(m.params, 1000)).toBeLessThanOrEqual(limit);
    // A core with a tenth of the limit gets a tenth of the rows.
    const smaller = structuredClone(described);
    smaller.limits.maxFluidValues.value = limit / 10;
    const s = mapRunToFluid({ manifest: long, specs: normalizeSpecs(smaller), fluidSpecs });
    if (!s.ok) throw new Error(s.reason);
    expect(rowsTimesCols(s.params, 1000)).toBeLessThanOrEqual(limit / 10);
    expect(s.params.samplePeriod).toBeCloseTo(m.params.samplePeriod * 10, 9);
  });

  it("the loss over the run: the model as built, with live changes of every flow's loss merged in", () => {
    expect(lossHistory(testManifest())).toEqual([[0, 0]]);
    const bern = { kind: 'bernoulli', params: { rate: 0.02 }, source: 'exoLoss', rate: 0.02 };
    expect(lossHistory(testManifest({ loss: bern }))).toEqual([[0, 0.02]]);
    // A live change at 30 s replaces the schedule from then on: the run now has a live model, its
    // first manifest the schedule.
    const built = testManifest({ loss: firstScreenSchedule(0) });
    const now = testManifest({ loss: { kind: 'bernoulli', params: { rate: 0.03 }, source: 'live', rate: 0.03 } });
    now.changes = [{ t: 30, entity: 'flows', key: 'exoLoss', value: 0.03 }];
    expect(lossHistory(now, built)).toEqual([
      [0, 0],
      [20, 0.01],
      [30, 0.03],
    ]);
    // A change at a step's own time replaces that step.
    now.changes = [{ t: 20, entity: 'flows', key: 'exoLoss', value: 0.2 }];
    expect(lossHistory(now, built)).toEqual([
      [0, 0],
      [20, 0.2],
    ]);
    // Changes of other things are not the flows' loss.
    now.changes.push({ t: 25, entity: 'queue.bottleneck', key: 'buffer', value: 50 });
    expect(lossHistory(now, built)).toEqual([
      [0, 0],
      [20, 0.2],
    ]);
  });

  it('reads the mean rate in bit/s and the backlog out of a result', () => {
    const s = fluidSeries(
      {
        columns: ['t', 'x.0', 'xMean', 'b', 'v'],
        rows: [
          [0, 1, 10, 0, 0],
          [0.1, 2, 100, 5, 0],
        ],
      },
      1000,
    );
    expect(s.count).toBe(2);
    expect([...s.rows]).toEqual([0, 80000, 0, 0.1, 800000, 5]);
    expect(() => fluidSeries({ error: 'flows: 0 is out of range' }, 1000)).toThrow('flows: 0');
  });
});

// The real core, when the WASM module has been built (npm run build:wasm).
const modUrl = new URL('../generated/blcore.mjs', import.meta.url);
const haveCore =
  existsSync(fileURLToPath(modUrl)) && readFileSync(fileURLToPath(modUrl), 'utf8').includes('_bl_fluid_steady');

describe.skipIf(!haveCore)('the mapped parameters in the real core', () => {
  async function core() {
    const { default: create } = (await import(/* @vite-ignore */ modUrl.href)) as {
      default: (o: object) => Promise<Record<string, (...a: never[]) => unknown>>;
    };
    const wasmBinary = readFileSync(fileURLToPath(new URL('../generated/blcore.wasm', import.meta.url)));
    const m = (await create({ wasmBinary })) as unknown as {
      _bl_fluid(p: number): number;
      _bl_fluid_steady(p: number): number;
      _malloc(n: number): number;
      _free(p: number): void;
      UTF8ToString(p: number): string;
      stringToUTF8(s: string, p: number, n: number): void;
      lengthBytesUTF8(s: string): number;
    };
    return (fn: 'fluid' | 'steady', doc: object): unknown => {
      const s = JSON.stringify(doc);
      const n = m.lengthBytesUTF8(s) + 1;
      const p = m._malloc(n);
      m.stringToUTF8(s, p, n);
      try {
        return JSON.parse(m.UTF8ToString(fn === 'fluid' ? m._bl_fluid(p) : m._bl_fluid_steady(p)));
      } finally {
        m._free(p);
      }
    };
  }

  it('solves Fig. 2 as the docs say: fair share at 1 %, open loop at 5 %', async () => {
    const call = await core();
    const m = mapRunToFluid({ manifest: fig2Red, specs, fluidSpecs });
    if (!m.ok) throw new Error(m.reason);
    const r = call('fluid', m.params) as { summary: { windows: { from: number; meanX: number; meanB: number }[] } };
    const w = (from: number) => r.summary.windows.find((x) => x.from === from)!;
    expect(w(30).meanX).toBeCloseTo(100, 0);
    expect(w(50).meanB).toBeLessThan(1);
    const s = fluidSeries(r, m.packetSize);
    expect(s.count).toBeGreaterThan(500);
    expect(s.rows[(s.count - 1) * 3 + 1]! / 8000).toBeGreaterThan(50); // packets/s back from bit/s
  });

  it('gives the calculator 1/51 = 1.96 % for 20 flows, 2000 packets/s, 100 ms', async () => {
    const call = await core();
    const a = readSteady(
      call('steady', steadyParams({ flows: 20, capacity: 2000, propDelay: 0.1, exoLoss: 0.01, buffer: 250 })),
    );
    expect(a.qFair).toBeCloseTo(1 / 51, 6);
    expect(a.peOpen).toBeCloseTo(1 / 51, 4);
    expect(a.regime).toBe('closed');
    expect(a.backlog).toBeCloseTo(81, 0);
    expect(() => readSteady(call('steady', { flows: 0 }))).toThrow(/flows/);
  });

  it("gives the calculator the scenario's buffer: the limit it speaks of is that buffer", async () => {
    const call = await core();
    const at = (buffer: number) =>
      readSteady(call('steady', steadyParams({ flows: 20, capacity: 2000, propDelay: 0.1, exoLoss: 0.001, buffer })));
    expect(at(50)).toMatchObject({ regime: 'full', backlog: 50 });
    expect(at(250)).toMatchObject({ regime: 'full', backlog: 250 });
  });
});
