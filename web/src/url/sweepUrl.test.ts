// The sweep's URL keys: written beside the scenario's, read back, bad values dropped and named.
import { describe, expect, it } from 'vitest';
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
