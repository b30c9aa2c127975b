// The sweep's URL keys: written beside the scenario's, read back, bad values dropped and named.
import { describe, expect, it } from 'vitest';
import { normalizeSpecs } from '../params/specs';
import described from '../../test/fixtures/describe.json';
import { decodeState, defaultState, encodeState } from './scenarioUrl';
import { DEFAULT_SWEEP } from '../sweep/sweepConfig';

describe('sweep keys in the URL', () => {
  it('no keys while the panel is closed; defaults left out when open', () => {
    expect(encodeState(defaultState())).not.toContain('sweep');
    expect(encodeState({ ...defaultState(), sweep: { ...DEFAULT_SWEEP } })).toBe('#v=1&sweep=1');
  });
  it('round trip beside scenario keys', () => {
    const sweep = {
      ...DEFAULT_SWEEP,
      param: 'flowOverrides[0].ccParams.N',
      values: '1:64:7',
      series: '',
      fixed: 'queue.maxP=0.2; exoLoss.kind=bernoulli',
      measure: 'loss' as const,
      duration: 60,
      measureFrom: 15,
      seeds: 3,
      workers: 2,
      log: false,
    };
    const state = { ...defaultState(), sweep };
    const hash = encodeState(state);
    expect(hash).toContain('sweep.param=flowOverrides[0].ccParams.N');
    expect(hash).toContain('sweep.set=queue.maxP%3D0.2;%20exoLoss.kind%3Dbernoulli');
    const d = decodeState(hash);
    expect(d.dropped).toEqual([]);
    expect(d.state.sweep).toEqual(sweep);
    expect(d.state.scenario).toEqual(state.scenario);
  });
  it('a bad value is dropped and named, the rest kept', () => {
    const d = decodeState(
      '#v=1&sweep=1&sweep.seeds=0&sweep.measure=speed&sweep.base=nope&sweep.bogus=1&sweep.duration=30&sweep.from=40&sweep.values=1,2',
    );
    expect(d.dropped).toEqual([
      'sweep.seeds=0: expected a whole number from 1 to 100',
      'sweep.measure=speed: expected ratio, throughput, loss, timeouts or jain',
      'sweep.base=nope: expected "current" or a preset id',
      'sweep.bogus: unknown sweep setting',
      'sweep.from=40: must be below the duration (30 s); used 0',
    ]);
    expect(d.state.sweep).toMatchObject({
      seeds: 1,
      measure: 'ratio',
      base: DEFAULT_SWEEP.base,
      duration: 30,
      measureFrom: 0,
      values: '1,2',
    });
  });
});

describe('sweep numbers are checked against the describe document', () => {
  const specs = normalizeSpecs(described);
  it("uses the scenario's duration and measureFrom ranges and the core's flow limit", () => {
    const d = decodeState('#v=1&sweep=1&sweep.duration=4000&sweep.from=-1&sweep.flow=2000&sweep.seeds=3', specs);
    expect(d.dropped).toEqual([
      'sweep.duration=4000: expected a number from 0.001 to 3600 s',
      'sweep.from=-1: expected a number from 0 to 3600 s',
      'sweep.flow=2000: expected a whole number from 0 to 1999',
    ]);
    expect(d.state.sweep).toMatchObject({ seeds: 3, duration: DEFAULT_SWEEP.duration, flow: 0 });
    expect(decodeState('#v=1&sweep=1&sweep.flow=1999&sweep.duration=3600', specs).dropped).toEqual([]);
  });
  it('follows a change of the limit in the describe document', () => {
    const fewer = structuredClone(described);
    fewer.limits.maxFlows.value = 10;
    const d = decodeState('#v=1&sweep=1&sweep.flow=10', normalizeSpecs(fewer));
    expect(d.dropped).toEqual(['sweep.flow=10: expected a whole number from 0 to 9']);
  });
});
