import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Manifest } from '../params/types';
import { findSpec, normalizeFluidSpecs, normalizeSpecs } from '../params/specs';
import { STEADY_FIELDS, steadyDefaults, steadyScope, steadySpec } from './steadyState';
import { coreManifest } from '../../test/nativeCheck';
import described from '../../test/fixtures/describe.json';

const specs = normalizeSpecs(described);
const fluidSpecs = normalizeFluidSpecs(described);

// The calculator and the overlay hold no ranges, units or defaults of their own: they name
// paths of the describe document, and these tests check every path names a spec there.
describe('the fluid panels read their specs from the describe document', () => {
  it('has the fluid model specs of both functions', () => {
    expect(findSpec(fluidSpecs, 'fluid.duration')).toMatchObject({ unit: 's', min: 0.01, max: 3600 });
    expect(findSpec(fluidSpecs, 'steady.flows')).toMatchObject({ type: 'integer', min: 1, max: 1000, default: 20 });
    expect(findSpec(fluidSpecs, 'steady.queue.minTh', () => 'red')).toMatchObject({ unit: 'packets' });
    expect(findSpec(fluidSpecs, 'steady.queue.kind')?.options).toEqual(['droptail', 'red']);
  });
  it.each(STEADY_FIELDS.map((f) => [f.path, f] as const))('calculator field %s is a spec', (_path, f) => {
    const sp = steadySpec(f, fluidSpecs, specs);
    expect(sp).not.toBeNull();
    expect(sp!.label).toBe(f.label);
    expect(typeof sp!.min).toBe('number');
    expect(typeof sp!.max).toBe('number');
  });
  it("starts from the describe document's defaults", () => {
    expect(steadyDefaults(fluidSpecs, specs)).toEqual({
      flows: findSpec(fluidSpecs, 'steady.flows')!.default,
      capacity: findSpec(fluidSpecs, 'steady.capacity')!.default,
      propDelay: findSpec(fluidSpecs, 'steady.propDelay')!.default,
      buffer: findSpec(fluidSpecs, 'steady.queue.droptail.buffer')!.default,
      exoLoss: findSpec(specs, 'live.flow.exoLoss')!.default,
    });
    expect(steadyDefaults([], specs)).toBeNull();
  });
});

// Eqs. 11-12 are for identical AIMD flows through one bottleneck: for any other run the
// calculator says why and shows no numbers (SteadyStateCalculator), whatever preset it is. What
// the run is comes from the real core's manifest of each preset, never the scenario document;
// the reasons name kinds as the page does (fluidParams.test.ts checks each reason for raw keys).
describe('steadyScope: the runs the steady state describes', () => {
  const scope = (id: string) => steadyScope(coreManifest(id) as Manifest, specs, fluidSpecs);

  it.each(['xqm-fig2-droptail', 'xqm-fig2-red', 'xqm-fig3a', 'xqm-dumbbell'])(
    '%s (AIMD flows, one DropTail or RED bottleneck): yes',
    (id) => {
      expect(scope(id)).toEqual({ ok: true });
    },
  );
  it.each([
    ['xqm-exp1-red', 'not a Chain A-B-C-D topology'],
    ['xqm-exp2-xqm', 'not a Chain A-B-C-D topology'],
    ['ted-s1', 'not a Graph topology'],
    ['htt-cross-traffic', 'not a Graph topology'],
    ['bbr-vs-cubic', 'flow 0 runs BBR;'],
    ['bbr-deep', 'its flows run BBR;'],
    ['dctcp-ecn', 'its flows run DCTCP;'],
    ['cubic-vs-reno', 'flow 0 runs CUBIC;'],
    ['multcp-vs-tcp', 'flow 0 runs mulTCP;'],
    ['mpat-12345', 'pool their windows'],
  ])('%s: no, because %s', (id, why) => {
    const r = scope(id);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toContain(why);
  });
  it('no preset that the calculator would fill from is a chain or a graph', () => {
    const dir = fileURLToPath(new URL('../../../public/presets/', import.meta.url));
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      const m = coreManifest(f.replace(/\.json$/, '')) as Manifest;
      if (m.topology !== 'dumbbell') expect(steadyScope(m, specs, fluidSpecs).ok, f).toBe(false);
    }
  });
});
