import { describe, expect, it } from 'vitest';
import { findSpec, normalizeFluidSpecs, normalizeSpecs } from '../core/specs';
import { FROM_SCENARIO } from './fluidParams';
import { STEADY_FIELDS, steadyDefaults, steadySpec } from './steadyState';
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
  it.each(Object.values(FROM_SCENARIO))('the overlay reads scenario field %s, a spec of a dumbbell', (path) => {
    expect(findSpec(specs, path, (g) => (g === 'topology' ? 'dumbbell' : undefined))).toBeDefined();
  });
});
