import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { normalizeSpecs } from '../core/specs';
import { DEFAULT_PRESET, PRESETS, cloneScenario, findPreset } from './presets';
import { setPath } from '../../../wasm-core/js/paths.mjs';
import { fillStory, storyChangeList, storyChanges, storyPaths } from './storyText';
import { firstScreenSchedule, testManifest } from '../core/manifestFixture';
import type { Manifest } from '../core/types';

const specs = normalizeSpecs(described);

/** The first screen's run as the core describes it: 20 Reno flows, 16 Mb/s, 250-packet DropTail, the loss schedule. */
const firstRun = (): Manifest =>
  testManifest({
    flows: 20,
    loss: firstScreenSchedule(0),
  });

describe('preset stories filled from the running scenario', () => {
  it('every {path} of every story has a value in its preset', () => {
    for (const p of PRESETS)
      for (const text of [p.watch!, p.tryThis!]) {
        const filled = fillStory(text, specs, p.scenario);
        expect(filled, p.id).not.toMatch(/[{}]/);
      }
  });

  it('the first visit states its own numbers in human units, from the run', () => {
    expect(fillStory(DEFAULT_PRESET.watch!, specs, DEFAULT_PRESET.scenario, firstRun())).toMatch(
      /^20 TCP flows share one 16 Mb\/s bottleneck with a 250-packet DropTail queue\. Every flow runs Reno \(AIMD\): slow start, then \+1 packet per RTT, halve on loss\..* loss: 0% -> 1% at 20 s -> 5% at 40 s\./,
    );
  });

  it('a story written from the run changes with each field it mentions, one by one', () => {
    const base = fillStory(DEFAULT_PRESET.watch!, specs, DEFAULT_PRESET.scenario, firstRun());
    const story = (change: (m: Manifest) => void) => {
      const m = firstRun();
      change(m);
      return fillStory(DEFAULT_PRESET.watch!, specs, DEFAULT_PRESET.scenario, m);
    };
    // Loss set live: the story says the live value, not the schedule.
    const loss = story((m) => {
      for (const l of m.links)
        if (l.loss) l.loss = { kind: 'bernoulli', params: { rate: 0.02 }, source: 'live', rate: 0.02 };
    });
    expect(loss).toContain('loss: 2% (set live).');
    expect(loss).not.toContain('20 s');
    // Buffer set live.
    expect(story((m) => void (m.links[0]!.buffer = 100))).toContain('a 100-packet DropTail queue');
    // Queue kind.
    expect(story((m) => void (m.links[0]!.queue.kind = 'fq_codel'))).toContain('a 250-packet FQ-CoDel queue');
    // Window rule: BBR's own sentence, and no word of the AIMD sawtooth.
    const bbr = story((m) => m.flows.forEach((f) => (f.cc = 'bbr')));
    expect(bbr).toContain('Every flow runs BBR: paces at the measured bottleneck bandwidth');
    expect(bbr).not.toContain('halve on loss');
    const mixed = story((m) => m.flows.slice(0, 5).forEach((f) => (f.cc = 'cubic')));
    expect(mixed).toContain('5 of the 20 flows run CUBIC:');
    expect(mixed).toContain('15 of the 20 flows run Reno (AIMD):');
    // Flow count.
    expect(story((m) => void m.flows.splice(3))).toMatch(/^3 TCP flows share/);
    expect(base).not.toEqual(loss);
  });

  it('a changed flow count, rate and buffer are what the story says, with no caveat for them', () => {
    const p = findPreset('xqm-fig2-droptail')!;
    const s = cloneScenario(p.scenario);
    setPath(s, 'flows.count', 30);
    setPath(s, 'topology.bottleneckRate', 2.5e6);
    setPath(s, 'exoLoss.steps', [
      [0, 0],
      [10, 0.02],
    ]);
    const text = fillStory(p.watch!, specs, s);
    expect(text).toMatch(/^30 TCP flows share a 2\.5 Mb\/s bottleneck .* schedule 0% -> 2% at 10 s\./);
    expect(text).not.toMatch(/Twenty|20 TCP|16 Mb\/s|40 s/);
    expect(storyChanges(p.scenario, s, `${p.watch} ${p.tryThis}`, specs)).toEqual([]);
  });

  it('a change the story cannot follow is named, with what the preset had', () => {
    const p = findPreset('lasd-1mbps')!;
    const s = cloneScenario(p.scenario);
    setPath(s, 'flows.count', 4); // filled in
    setPath(s, 'queue.kind', 'droptail'); // the story says RED in words
    setPath(s, 'flowOverrides', []);
    const changes = storyChanges(p.scenario, s, `${p.watch} ${p.tryThis}`, specs);
    expect(changes.map((c) => c.path).sort()).toEqual(['flowOverrides', 'queue.kind']);
    expect(changes.find((c) => c.path === 'queue.kind')).toEqual({
      path: 'queue.kind',
      label: 'Queue kind',
      now: 'DropTail',
      was: 'RED',
    });
    expect(storyChanges(p.scenario, cloneScenario(p.scenario), p.watch!, specs)).toEqual([]);
    // RED's own fields, left out once the queue is DropTail, go with the change of kind.
    const d = cloneScenario(p.scenario);
    d.queue = { kind: 'droptail', buffer: 295 };
    expect(storyChanges(p.scenario, d, p.watch!, specs).map((c) => c.path)).toEqual(['queue.kind']);
  });

  it("a kind's change is named once, not with each parameter the new kind does not have", () => {
    const p = findPreset('xqm-fig2-red')!;
    const s = cloneScenario(p.scenario);
    const buffer = (p.scenario.queue as { buffer?: number }).buffer;
    // As a link with queue.kind=droptail is decoded: RED's own keys go, the buffer stays.
    s.queue = buffer === undefined ? { kind: 'droptail' } : { kind: 'droptail', buffer };
    expect(storyChanges(p.scenario, s, `${p.watch} ${p.tryThis}`, specs).map((c) => c.path)).toEqual(['queue.kind']);
    // A parameter the new kind has and the preset's did not is still named.
    s.queue = { ...s.queue, kind: 'codel', target: 0.01 };
    expect(storyChanges(p.scenario, s, `${p.watch} ${p.tryThis}`, specs).map((c) => c.path)).toEqual([
      'queue.kind',
      'queue.target',
    ]);
  });

  it('names each change by its label, its values in the units the page shows', () => {
    const p = findPreset('xqm-fig2-red')!;
    const s = cloneScenario(p.scenario);
    setPath(s, 'queue.kind', 'droptail');
    setPath(s, 'samplePeriod', 0.05);
    const line = storyChangeList(storyChanges(p.scenario, s, `${p.watch} ${p.tryThis}`, specs));
    expect(line).toBe('Sample period: 50 ms, was 100 ms; Queue kind: DropTail, was RED');
    expect(line).not.toMatch(/queue\.kind|samplePeriod|0\.05/);
  });

  it('reads the paths a story fills', () => {
    expect(storyPaths('{flows.count} flows, {topology.bottleneckRate}, {exoLoss}')).toEqual([
      'flows.count',
      'topology.bottleneckRate',
      'exoLoss',
    ]);
  });
});
