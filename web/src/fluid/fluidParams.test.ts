import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../params/types';
import { exoSchedule, fluidSeries, mapScenarioToFluid } from './fluidParams';
import { readSteady, steadyParams } from './steadyState';
import { normalizeFluidSpecs, normalizeSpecs } from '../params/specs';
import described from '../../test/fixtures/describe.json';

const specs = normalizeSpecs(described);
const fluidSpecs = normalizeFluidSpecs(described);

const fig2Red = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../public/presets/xqm-fig2-red.json', import.meta.url)), 'utf8'),
) as Scenario;
const chain = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../public/presets/xqm-exp1-red.json', import.meta.url)), 'utf8'),
) as Scenario;

describe('scenario -> fluid model parameters', () => {
  it("maps the packet-level Fig. 2 (RED) to the paper's fluid parameters", () => {
    const m = mapScenarioToFluid({ scenario: fig2Red, specs, fluidSpecs, flows: 20 });
    expect(m.ok).toBe(true);
    if (!m.ok) return;
    const p = m.params;
    expect(p.flows).toBe(20);
    expect(p.capacity).toBe(2000); // 16 Mb/s of 1000-byte packets
    expect(p.propDelay).toBeCloseTo(0.1, 9); // 2 x (2 x 24.5 ms + 1 ms)
    expect(p.alpha).toBeCloseTo(0.245, 9);
    expect(p.queue).toEqual({ kind: 'red', buffer: 250, minTh: 50, maxTh: 120, maxP: 0.1, weight: 1e-5 });
    expect(p.exoLoss).toEqual([
      [0, 0],
      [20, 0.01],
      [40, 0.05],
    ]);
    expect(p.duration).toBe(60);
    expect(m.packetSize).toBe(1000);
  });

  it("uses each flow's RTT when the summary gives them", () => {
    const rtts = Array.from({ length: 20 }, (_, i) => 0.08 + i * 0.002);
    const m = mapScenarioToFluid({ scenario: fig2Red, specs, fluidSpecs, flows: 20, rtts });
    expect(m.ok && m.params.propDelays).toEqual(rtts);
    expect(m.ok && m.params.propDelay).toBe(undefined);
  });

  it('refuses what the fluid model does not have, saying why', () => {
    const r = mapScenarioToFluid({ scenario: chain, specs, fluidSpecs, flows: 40 });
    expect(r).toEqual({ ok: false, reason: expect.stringContaining('chain') as string });
    const pi = mapScenarioToFluid({ scenario: { ...fig2Red, queue: { kind: 'pi' } }, specs, fluidSpecs, flows: 20 });
    expect(!pi.ok && pi.reason).toContain('not pi');
    const ge = mapScenarioToFluid({
      scenario: { ...fig2Red, exoLoss: { kind: 'gilbert' } },
      specs,
      fluidSpecs,
      flows: 20,
    });
    expect(!ge.ok && ge.reason).toContain('gilbert');
  });

  it("keeps the sample rows within the core's fluid limit from the describe document", () => {
    const long = { ...fig2Red, duration: 3600 };
    const limit = described.limits.maxFluidValues.value;
    const rowsTimesCols = (p: { duration: number; samplePeriod: number }, flows: number) =>
      (p.duration / p.samplePeriod) * (flows + 7);
    const m = mapScenarioToFluid({ scenario: long, specs, fluidSpecs, flows: 1000 });
    if (!m.ok) throw new Error(m.reason);
    expect(rowsTimesCols(m.params, 1000)).toBeLessThanOrEqual(limit);
    // A core with a tenth of the limit gets a tenth of the rows.
    const smaller = structuredClone(described);
    smaller.limits.maxFluidValues.value = limit / 10;
    const s = mapScenarioToFluid({ scenario: long, specs: normalizeSpecs(smaller), fluidSpecs, flows: 1000 });
    if (!s.ok) throw new Error(s.reason);
    expect(rowsTimesCols(s.params, 1000)).toBeLessThanOrEqual(limit / 10);
    expect(s.params.samplePeriod).toBeCloseTo(m.params.samplePeriod * 10, 9);
  });

  it('merges live changes of the exogenous loss into the schedule', () => {
    expect(exoSchedule({ version: 1 })).toEqual([[0, 0]]);
    expect(exoSchedule({ version: 1, exoLoss: { kind: 'bernoulli', rate: 0.02 } })).toEqual([[0, 0.02]]);
    // A live change replaces the schedule from then on.
    expect(exoSchedule(fig2Red, [{ t: 30, value: 0.03 }])).toEqual([
      [0, 0],
      [20, 0.01],
      [30, 0.03],
    ]);
    expect(
      exoSchedule({ version: 1, exoLoss: { kind: 'schedule', steps: [[5, 0.01]] } }, [{ t: 5, value: 0.2 }]),
    ).toEqual([
      [0, 0],
      [5, 0.2],
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
    const m = mapScenarioToFluid({ scenario: fig2Red, specs, fluidSpecs, flows: 20 });
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
