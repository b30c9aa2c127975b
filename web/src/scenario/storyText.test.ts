// Every preset's story (title, "What you are watching", "Try this") is told of the run: filled from
// its manifest, each claim kept only while its condition holds. For every preset, each field a
// story can mention (loss, buffer, queue kind, window rule, flow count, rate) is changed one at a
// time in a manifest (params/manifestFixture.ts), and the text must follow: the new value shown, no
// stale number, no other kind's sentence, no raw key.
import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { normalizeSpecs, specsOfGroup } from '../params/specs';
import { formatHuman, scaleFor } from '../params/units';
import { DEFAULT_PRESET, PRESETS, type Preset, findPreset } from './presets';
import { fillStory, guardHolds, guardProblem, runTitle, storyGuards, storyPaths } from './storyText';
import { firstScreenSchedule, scenarioManifest, testManifest } from '../params/manifestFixture';
import { flowLiveSpecs, liveControls, manifestLiveValue } from './liveParams';
import { diffChoices } from '../compare/compareDiff';
import type { Manifest } from '../params/types';

const specs = normalizeSpecs(described);
const ccSpec = specs.find((s) => s.key === 'flows.cc')!;
const queueSpec = specs.find((s) => s.key === 'queue.kind')!;

/** The first screen's run as the core describes it: 20 Reno flows, 16 Mb/s, 250-packet DropTail, the loss schedule. */
const firstRun = (): Manifest =>
  testManifest({
    flows: 20,
    loss: firstScreenSchedule(0),
  });

/** Raw keys a student should never read: kinds and scenario paths as keys, unfilled placeholders and guards. */
const RAW =
  /\b(droptail|fq_codel|htt|newreno|aimd|multcp|lasd|exoLoss|ccParams|flowOverrides|queue\.\w+|flows\.\w+|topology\.\w+)\b|[{}]|\[\[|\]\]|::/;

/** A preset's whole story as the page shows it for a run. */
const presetTitle = (id: string) => findPreset(id)?.title;

function told(p: Preset, m: Manifest, legend = m.flows.length <= 20) {
  const o = { legend, presetTitle };
  return {
    title: runTitle(p, p.scenario, specs, m, o),
    watch: fillStory(p.watch!, specs, p.scenario, m, o),
    tryThis: fillStory(p.tryThis!, specs, p.scenario, m, o),
  };
}
const all = (t: ReturnType<typeof told>) => `${t.title}\n${t.watch}\n${t.tryThis}`;
/** The story's text outside guards and placeholders: what it says of every run. */
const literal = (p: Preset) =>
  `${p.titleTemplate ?? ''} ${p.watch} ${p.tryThis}`.replace(/\[\[[^]*?\]\]/g, ' ').replace(/\{[^}]*\}/g, ' ');
const mentions = (p: Preset, ...names: string[]) =>
  storyPaths(`${p.titleTemplate ?? ''} ${p.watch}`).some((x) => names.includes(x));

/** The core's sentence for each kind, as a story would say it. */
const help = (spec: typeof ccSpec, k: string) =>
  (spec.optionHelp?.[k] ?? '').replace(/^[^:]*: /, '').replace(/\.$/, '');
const label = (spec: typeof ccSpec, k: string) => spec.optionLabels?.[k] ?? k;

/** A kind's label as a word of its own ("CoDel" is not named by "FQ-CoDel"). */
const named = (l: string) => new RegExp(`(^|[^\\w-])${l.replace(/[()]/g, '\\$&')}(?![\\w-])`);
/** Without the titles of other presets a story quotes (“...”). */
const unquoted = (text: string) => text.replace(/“[^”]*”/g, '');

/** The same run with one thing changed. */
function changed(p: Preset, change: (m: Manifest) => void): Manifest {
  const m = scenarioManifest(p.scenario);
  change(m);
  return m;
}

describe('preset stories told of the run', () => {
  // Manifests built once per preset: the loops below stay well under a second.
  const base = new Map(PRESETS.map((p) => [p.id, scenarioManifest(p.scenario)]));

  it('every guard of every story reads, and every placeholder and guard is filled', () => {
    for (const p of PRESETS) {
      for (const text of [p.titleTemplate ?? '', p.watch!, p.tryThis!, p.tryAction?.check ?? 'flows>=0'])
        for (const g of [...storyGuards(text), ...(text === p.tryAction?.check ? [text] : [])])
          expect(guardProblem(g), `${p.id}: [[${g} ?`).toBeNull();
      const t = told(p, base.get(p.id)!);
      expect(all(t), p.id).not.toMatch(RAW);
    }
  });

  it("filled from its preset's own run, a title is the preset's name", () => {
    for (const p of PRESETS) expect(told(p, base.get(p.id)!).title, p.id).toBe(p.title);
    // Before the run's manifest exists, the preset's own scenario is titled by its name.
    for (const p of PRESETS) expect(runTitle(p, p.scenario, specs), p.id).toBe(p.title);
  });

  it('the first visit states its own numbers in human units, from the run', () => {
    expect(fillStory(DEFAULT_PRESET.watch!, specs, DEFAULT_PRESET.scenario, firstRun())).toMatch(
      /^20 TCP flows share one 16 Mb\/s bottleneck with a 250-packet DropTail queue\. Every flow runs Reno \(AIMD\): slow start, then \+1 packet per RTT, halve on loss\..* loss: 0% -> 1% at 20 s -> 5% at 40 s\./,
    );
  });

  it('the first visit follows each field it mentions, one by one', () => {
    const story = (change: (m: Manifest) => void) => {
      const m = firstRun();
      change(m);
      return fillStory(DEFAULT_PRESET.watch!, specs, DEFAULT_PRESET.scenario, m);
    };
    const base1 = story(() => {});
    // Loss set live: the story says the live value, not the schedule, and not the schedule's claim.
    const loss = story((m) => {
      for (const l of m.links)
        if (l.loss) l.loss = { kind: 'bernoulli', params: { rate: 0.02 }, source: 'live', rate: 0.02 };
    });
    expect(loss).toContain('loss: 2% (set live).');
    expect(loss).not.toContain('20 s');
    expect(loss).not.toContain('As the loss rises');
    expect(loss).toContain('The loss you set replaced the schedule');
    expect(story((m) => void (m.links[0]!.buffer = 100))).toContain('a 100-packet DropTail queue');
    expect(story((m) => void (m.links[0]!.queue.kind = 'fq_codel'))).toContain('a 250-packet FQ-CoDel queue');
    const bbr = story((m) => m.flows.forEach((f) => (f.cc = 'bbr')));
    expect(bbr).toContain('Every flow runs BBR: paces at the measured bottleneck bandwidth');
    expect(bbr).not.toContain('halve on loss');
    const mixed = story((m) => m.flows.slice(0, 5).forEach((f) => (f.cc = 'cubic')));
    expect(mixed).toContain('5 of the 20 flows run CUBIC:');
    expect(mixed).toContain('15 of the 20 flows run Reno (AIMD):');
    expect(story((m) => void m.flows.splice(3))).toMatch(/^3 TCP flows share/);
    // Longer round trips: the claim about short ones goes.
    expect(base1).toContain('with round trips this short');
    expect(story((m) => m.flows.forEach((f) => (f.rtt = 0.2)))).not.toContain('with round trips this short');
  });

  it("a network's title names the link the run calls its bottleneck, not a fixed one", () => {
    // The TED title said "buffer at A" while {queue.buffer} read link C's buffer (C is the bottleneck).
    const p = findPreset('ted-droptail-infinite')!;
    const m = changed(p, (mm) => {
      mm.links[0]!.queue = { kind: 'red', params: {} };
      mm.links[0]!.buffer = 400;
    });
    expect(m.bottleneck).toBe(m.links[0]!.name);
    expect(told(p, m).title).toMatch(new RegExp(`400-packet buffer at ${m.bottleneck}$`));
  });
  it('the round trips told cover every flow, those that do not cross the bottleneck too', () => {
    // The TED network: 12 flows, three of them (4 ms) beside the bottleneck; the Head-to-Tail
    // network's 150 flows, 34 ms through all three links and 14 ms through one.
    const story = (change: (m: Manifest) => void) => {
      const m = testManifest({ flows: 12 });
      change(m);
      return fillStory('{flows.count} flows with round trips {rtt}.', specs, DEFAULT_PRESET.scenario, m);
    };
    const ted = story((m) =>
      m.flows.forEach((f, i) => {
        f.rtt = [0.016, 0.012, 0.007][i % 3]!;
        if (i >= 9) Object.assign(f, { rtt: 0.004, crossesBottleneck: false });
      }),
    );
    expect(ted).toBe('12 flows with round trips from 4 ms to 16 ms.');
    const same = story((m) => m.flows.forEach((f, i) => Object.assign(f, { rtt: 0.034, crossesBottleneck: i < 4 })));
    expect(same).toBe('12 flows with round trips 34 ms.');
    const htt = story((m) =>
      m.flows.forEach((f, i) => Object.assign(f, { rtt: i < 4 ? 0.034 : 0.014, crossesBottleneck: i < 4 })),
    );
    expect(htt).toBe('12 flows with round trips from 14 ms to 34 ms.');
  });

  it("CoDel's story says it holds the shortest wait over its interval near target, not the average", () => {
    // CoDel (RFC 8289) acts on the minimum sojourn time over each interval. The story said packets
    // "wait about its 5 ms target" while the run's mean queueing delay was 17.7 ms (14.3 ms with
    // a 1 ms target).
    const p = findPreset('bufferbloat-codel')!;
    const m = changed(p, (mm) => Object.assign(mm.links[0]!.queue.params, { target: 0.001, interval: 0.05 }));
    const watch = told(p, m).watch;
    expect(watch).toContain('once even the shortest wait over an interval (50 ms) stays above its 1 ms target');
    expect(watch).toContain('It holds that shortest wait near the target, not the average');
    expect(watch).not.toMatch(/wait about its/);
  });

  it('the LTE stories tell the flows the run has, and no call flow it lacks', () => {
    // They said "A video call shares a phone's LTE downlink with one bulk download": the run has
    // the download alone.
    for (const id of ['lte-video-call', 'lte-video-call-bbr', 'lte-video-call-codel']) {
      const p = findPreset(id)!;
      const watch = told(p, base.get(id)!).watch;
      expect(watch, id).toContain('carries 1 download flow and no call of its own');
      expect(watch, id).not.toMatch(/call shares/);
    }
  });

  it('every preset: a changed flow count is the only count told, and the legend is offered only when drawn', () => {
    for (const p of PRESETS) {
      const n0 = base.get(p.id)!.flows.length;
      for (const n of [1, 3, 100].filter((x) => x !== n0)) {
        const m = changed(p, (mm) => void mm.flows.splice(n));
        while (m.flows.length < n) m.flows.push({ ...m.flows[0]!, index: m.flows.length, id: m.flows.length });
        const t = told(p, m);
        const text = all(t);
        expect(text, `${p.id} at ${n} flows`).not.toMatch(RAW);
        if (mentions(p, 'flows.count')) expect(`${t.title} ${t.watch}`, `${p.id} at ${n}`).toContain(`${n} `);
        expect(unquoted(`${t.title} ${t.watch}`), `${p.id} at ${n} flows`).not.toMatch(
          new RegExp(`\\b${n0} (TCP )?flows\\b`),
        );
        expect(text, `${p.id} at ${n}`).not.toMatch(/\b1 flows\b|\b(?:[02-9]|\d\d+) flow\b/);
        if (n > 20) expect(text, p.id).not.toMatch(/legend/i);
      }
    }
  });

  it('every preset: a changed buffer and rate are told as the run has them, never the old ones', () => {
    for (const p of PRESETS) {
      const m0 = base.get(p.id)!;
      const b0 = m0.links[0]!.buffer;
      const m = changed(p, (mm) => void (mm.links[0]!.buffer = b0 === 100 ? 37 : 100));
      const b = m.links[0]!.buffer;
      const t = told(p, m);
      const text = all(t);
      // (Try this may name another preset by its title, with that preset's numbers.)
      expect(`${t.title} ${t.watch}`, p.id).not.toMatch(
        new RegExp(`\\b${b0.toLocaleString('en-US')}(-packet| packets)`),
      );
      if (mentions(p, 'queue', 'queue.buffer')) expect(text, p.id).toMatch(new RegExp(`\\b${b}(-packet| packets)`));
      expect(text, p.id).not.toMatch(RAW);
      const r = changed(p, (mm) => void (mm.links[0]!.rate = 2.5e6));
      const rt = told(p, r);
      if (mentions(p, 'topology.bottleneckRate')) {
        expect(all(rt), p.id).toContain('2.5 Mb/s');
        const old = `${+(m0.links[0]!.rate / 1e6).toPrecision(6)} Mb/s`;
        expect(`${rt.title} ${rt.watch}`, p.id).not.toContain(` ${old}`);
      }
    }
  });

  it('every preset: a changed queue kind is told with its own sentence, and no other kind is', () => {
    for (const p of PRESETS) {
      const k0 = base.get(p.id)!.links[0]!.queue.kind;
      for (const k of ['droptail', 'red', 'codel', 'fq_codel'].filter((x) => x !== k0)) {
        const m = changed(p, (mm) => {
          mm.links[0]!.queue = { kind: k, params: { buffer: mm.links[0]!.buffer } };
        });
        const t = told(p, m);
        const text = all(t);
        expect(text, `${p.id} -> ${k}`).not.toMatch(RAW);
        if (mentions(p, 'queue', 'queueKind', 'queueHelp'))
          expect(text, `${p.id} -> ${k}`).toContain(label(queueSpec, k));
        for (const other of queueSpec.options!.filter((x) => x !== k))
          expect(t.watch, `${p.id} -> ${k}: ${other}'s sentence`).not.toContain(help(queueSpec, other));
        // The old kind is named only where the story names it of every run (a paper's scheme) or in "Try this".
        const old = label(queueSpec, k0);
        if (!literal(p).includes(old))
          expect(
            unquoted(`${t.title} ${t.watch}`).replace(help(queueSpec, k), ''),
            `${p.id} -> ${k}: still says ${old}`,
          ).not.toMatch(named(old));
      }
    }
  });

  it('every preset: a changed window rule is told with its own sentence, and no other rule is', () => {
    for (const p of PRESETS) {
      const rules0 = new Set(base.get(p.id)!.flows.map((f) => f.cc));
      for (const r of ['aimd', 'cubic', 'bbr', 'vegas'].filter((x) => !(rules0.size === 1 && rules0.has(x)))) {
        const m = changed(p, (mm) => mm.flows.forEach((f) => (f.cc = r)));
        const t = told(p, m);
        expect(all(t), `${p.id} -> ${r}`).not.toMatch(RAW);
        if (mentions(p, 'rules')) expect(t.watch, `${p.id} -> ${r}`).toContain(`runs ${label(ccSpec, r)}`);
        for (const other of ccSpec.options!.filter((x) => x !== r))
          expect(t.watch, `${p.id} -> ${r}: ${other}'s sentence`).not.toContain(help(ccSpec, other));
        for (const old of [...rules0].filter((x) => x !== r).map((x) => label(ccSpec, x)))
          if (!literal(p).includes(old))
            expect(unquoted(`${t.title} ${t.watch}`), `${p.id} -> ${r}: still says ${old}`).not.toMatch(named(old));
      }
    }
  });

  it('every preset: loss set live, or none, replaces the loss the preset had in every sentence', () => {
    for (const p of PRESETS) {
      const m = changed(p, (mm) => {
        for (const f of mm.flows) {
          const l = mm.links.find((x) => x.name === f.lossLink)!;
          l.loss = { kind: 'bernoulli', params: { rate: 0.02 }, source: 'live', rate: 0.02 };
        }
      });
      const t = told(p, m);
      expect(all(t), p.id).not.toMatch(RAW);
      if (mentions(p, 'exoLoss')) expect(`${t.title} ${t.watch}`, p.id).toContain('2% (set live)');
      expect(`${t.title} ${t.watch}`, p.id).not.toMatch(/ at \d+ s\b|As the loss rises|Each step shows/);
      const none = changed(p, (mm) => mm.links.forEach((l) => (l.loss = null)));
      const tn = told(p, none);
      expect(`${tn.title} ${tn.watch}`, p.id).not.toMatch(/ at \d+ s\b|As the loss rises|Each step shows|loss follows/);
    }
  });

  it("the first screen's Try this asks to pause before the loss rises only while it has yet to rise", () => {
    const p = DEFAULT_PRESET;
    const before = told(p, scenarioManifest(p.scenario)).tryThis;
    expect(before).toMatch(/^Pause before the loss rises, type 0 in the live Exogenous loss \(all flows\) box/);
    // After the schedule's last step (the core says no next change): no step is left to pause before.
    const after = told(
      p,
      changed(p, (m) => void (m.nextChange = null)),
    ).tryThis;
    expect(after).toMatch(
      /^Type 0 in the live Exogenous loss \(all flows\) box and press Enter: the random loss stops/,
    );
    expect(after).not.toContain('Pause before');
  });

  it('a legend is offered only where the charts draw one', () => {
    const p = findPreset('bufferbloat-fqcodel')!;
    const m = base.get(p.id)!;
    expect(told(p, m, true).watch).toContain("Double-click a flow's button in a chart's legend");
    expect(told(p, m, false).watch).not.toMatch(/legend/i);
  });

  it('a claim is said only while its condition holds, and its alternative otherwise', () => {
    const p = findPreset('htt-dumbbell-vegas-red')!;
    const red = told(p, base.get(p.id)!);
    expect(red.watch).toContain('This baseline drops early between 20 and 60 packets, gently.');
    expect(red.tryThis).toContain('RED keeps the queue shorter');
    const dt = told(
      p,
      changed(p, (m) => (m.links[0]!.queue = { kind: 'droptail', params: {} })),
    );
    expect(dt.watch).not.toContain('drops early');
    expect(dt.tryThis).not.toContain('RED keeps');
    expect(dt.title).toBe('Head-to-Tail baseline, DropTail: 100 Vegas flows, 100 Mb/s, 100-packet buffer (Sec. 7.2)');
    const htt = told(
      p,
      changed(p, (m) => (m.links[0]!.queue = { kind: 'htt', params: {} })),
    );
    expect(htt.title).toMatch(/^Head-to-Tail dumbbell: /);
    // A buffer deeper or shallower than the path's bandwidth-delay product: BBR's story follows.
    const deep = findPreset('bbr-deep')!;
    const shallow = told(
      deep,
      changed(deep, (m) => void (m.links[0]!.buffer = 20)),
    );
    expect(shallow.title).toBe('BBR alone through a shallow buffer (20 packets at 10 Mb/s)');
    expect(shallow.watch).toContain('Startup and each 1.25 probe overflow it');
    expect(shallow.watch).not.toContain('however deep the buffer');
  });

  // Where the run departs from the paper, or from what a student expects, the story says so while
  // it does (docs/validation-weighted.md, docs/validation-ns3.md): LASD at 10 Mb/s with w >= 5,
  // mulTCP through RED with N >= 8, DCTCP's slow convergence with four flows or more.
  it('says where the run departs from the paper, only while the run is in that regime', () => {
    const lasd = findPreset('lasd-10mbps')!;
    expect(told(lasd, base.get(lasd.id)!).watch).toContain('this run does not do that');
    const w2 = changed(lasd, (m) => void (m.flows[0]!.live.weight = 2));
    expect(told(lasd, w2).watch).not.toContain('this run does not do that');
    const slow = changed(lasd, (m) => void (m.links[0]!.rate = 1e6));
    expect(told(lasd, slow).watch).not.toContain('this run does not do that');
    const multcp = findPreset('multcp-vs-tcp')!;
    expect(told(multcp, base.get(multcp.id)!).watch).toContain('about half used or less');
    const dt = changed(multcp, (m) => void (m.links[0]!.queue = { kind: 'droptail', params: {} }));
    expect(told(multcp, dt).watch).not.toContain('half used');
    const dctcp = findPreset('dctcp-ecn')!;
    expect(told(dctcp, base.get(dctcp.id)!).watch).toContain('give way slowly');
    const two = changed(dctcp, (m) => void m.flows.splice(2));
    expect(told(dctcp, two).watch).not.toContain('give way slowly');
  });

  it("a kind's own sentence (the core's help) states none of its parameters' defaults, which a run can change", () => {
    // PIE's target and CUBIC's beta are parameters: "against a 15 ms target", "a reduction to 0.7
    // of the window" would be false of a run that sets them.
    for (const [selector, prefix] of [
      [queueSpec, 'queue'],
      [ccSpec, 'flows'],
    ] as const)
      for (const k of selector.options!) {
        const said = selector.optionHelp?.[k] ?? '';
        for (const p of specs.filter((x) => x.key.startsWith(`${prefix}.${k}.`))) {
          // (0 and 1 are a formula's constants: REM's "1 - phi^-price". A number inside a name, the
          // 2 of "PI2", is not a value.)
          if (typeof p.default !== 'number' || p.default === 0 || p.default === 1) continue;
          const shown = p.display ? formatHuman(p.default, p) : String(p.default);
          expect(said, `${k}: ${p.key} = ${shown}`).not.toMatch(
            new RegExp(`(^|[^\\w.])${shown.replace('.', '\\.')}(?![\\d.])`),
          );
        }
      }
  });

  it('reads its conditions: kinds, flags, comparisons, words, negation', () => {
    const m = firstRun();
    const s = DEFAULT_PRESET.scenario;
    const holds = (c: string, legend = false) => guardHolds(c, specs, s, m, { legend });
    expect(holds('queue=droptail,red & rule=aimd & loss=schedule & flows=20 & buffer<=250')).toBe(true);
    expect(holds('!queue=red & some-rule=aimd & !ecn & flows>=2 & flows<21 & flows!=3')).toBe(true);
    expect(holds('legend')).toBe(false);
    expect(holds('legend', true)).toBe(true);
    expect(holds('rule=cubic')).toBe(false);
    expect(holds('queue.kind=droptail')).toBe(true);
    expect(guardProblem('queue>3')).toMatch(/queue takes = or !=/);
    expect(guardProblem('flows')).toMatch(/flows needs OP NUMBER/);
    expect(guardProblem('legend=1')).toMatch(/legend takes no value/);
    expect(fillStory('[[flows=20 ? a [[rule=aimd ? b :: c]] d :: e]].', specs, s, m)).toBe('a b d.');
    expect(fillStory('x [[flows=2 ? y]].', specs, s, m)).toBe('x.');
  });

  it('a Try this that has a value typed with its unit says so where the box shows another unit', () => {
    // The TED presets' flow 9 Deadline box shows 120 in µs: "2" is refused (below 100 µs), "2 ms" works.
    let boxes = 0;
    for (const p of PRESETS) {
      const a = p.tryAction!;
      const unit = typeof a.value === 'string' ? /^[\d.]+\s*([^\d\s.]\S*)$/.exec(a.value)?.[1] : undefined;
      if (!unit || (a.via !== 'flow' && a.via !== 'live')) continue;
      const m = base.get(p.id)!;
      const spec = specs.find((s) => s.key === a.key)!;
      const entity =
        a.via === 'flow' ? `flow.${a.flow}` : liveControls(specs, m).find((c) => c.spec.key === a.key)!.entity;
      const shown = scaleFor(spec, manifestLiveValue(m, entity, a.key!.split('.').pop()!))?.unit;
      if (shown === unit) continue;
      boxes++;
      expect(told(p, m).tryThis, `${p.id}: the box shows ${shown}`).toContain(`type ${a.value}, with its unit,`);
    }
    expect(boxes).toBeGreaterThan(0);
  });

  it("each Try this names a control the preset has, and its action's check holds only after it", () => {
    for (const p of PRESETS) {
      const a = p.tryAction;
      expect(a, `${p.id} has no action`).toBeDefined();
      const m = base.get(p.id)!;
      const text = told(p, m).tryThis;
      let spec = a!.key ? specs.find((s) => s.key === a!.key) : undefined;
      if (a!.via === 'live') {
        const c = liveControls(specs, m).find((x) => x.spec.key === a!.key);
        expect(c, `${p.id}: no live control ${a!.key}`).toBeDefined();
        expect(text, p.id).toContain(`live ${c!.spec.label}`);
      } else if (a!.via === 'flow') {
        expect(
          flowLiveSpecs(specs).map((s) => s.key),
          p.id,
        ).toContain(a!.key);
        expect(a!.flow!, p.id).toBeLessThan(m.flows.length);
        expect(text, p.id).toContain(`flow ${a!.flow}'s ${spec!.label} box`);
      } else if (a!.via === 'edit') {
        // A field the editor shows for this preset's kinds.
        const group = a!.key!.split('.')[0]!;
        const kind = group === 'queue' ? m.links[0]!.queue.kind : group === 'topology' ? m.topology : undefined;
        const shown = specsOfGroup(specs, group, kind);
        spec ??= shown.find((s) => s.key === a!.key);
        expect(spec, `${p.id}: the editor has no ${a!.key}`).toBeDefined();
        expect(text, p.id).toContain('In Edit scenario');
        expect(text, p.id).toContain(spec!.label === 'Flows' ? 'set Flows to' : spec!.label);
        if (spec!.options) expect(text, p.id).toContain(label(spec!, a!.value!));
      } else if (a!.via === 'compare') {
        const c = diffChoices(specs, p.scenario).find((x) => x.path === a!.key);
        expect(c, `${p.id}: Compare offers no ${a!.key}`).toBeDefined();
        expect(c!.spec.options ?? [], p.id).toContain(a!.value);
        expect(text, p.id).toContain(`set What differs to ${c!.label} and Value for B to ${label(c!.spec, a!.value!)}`);
      } else {
        const target = findPreset(a!.preset!);
        expect(target, `${p.id}: no preset ${a!.preset}`).toBeDefined();
        expect(text, p.id).toContain(`choose “${target!.title}”`);
        expect(guardHolds(a!.check!, specs, target!.scenario, scenarioManifest(target!.scenario)), p.id).toBe(true);
      }
      // The check says what the action changes: it does not hold of the run before it.
      if (a!.check) expect(guardHolds(a!.check, specs, p.scenario, m), `${p.id}: ${a!.check}`).toBe(false);
    }
  });
});
