import { describe, expect, it } from 'vitest';
import {
  LINK_LIMITS,
  checkLink,
  decodeState,
  defaultState,
  encodeState,
  linkLive,
  liveLeftNotice,
  type AppState,
} from './scenarioUrl';
import type { Scenario } from '../params/types';
import { repairScenario } from '../scenario/repair';
import { coreCheck } from '../../test/nativeCheck';
import described from '../../test/fixtures/describe.json';

/** The worker's repair, with the real core's check (native blsim --check). */
async function repairWithCore(s: Scenario, base: Scenario) {
  const scenario = structuredClone(s);
  return Promise.resolve({
    ...repairScenario(scenario, coreCheck, 20, base, normalizeSpecs(described)),
    scenario,
  });
}
import { normalizeSpecs } from '../params/specs';
import { DEFAULT_PRESET, PRESETS } from '../scenario/presets';
import { getPath } from '../../../wasm-core/js/paths.mjs';

const specs = normalizeSpecs([
  { key: 'seed', type: 'int', min: 0, max: 1e9 },
  { key: 'queue.kind', type: 'enum', options: ['droptail', 'red'] },
  { key: 'queue.buffer', type: 'int', min: 1, max: 100000 },
  { key: 'queue.red.maxP', type: 'number', min: 0, max: 1 },
  { key: 'flows.count', type: 'int', min: 1, max: 1000 },
  { key: 'flows.tcp', type: 'enum', options: ['reno', 'newreno', 'sack'] },
  { key: 'flowOverrides', type: 'array' },
]);

function roundTrip(s: AppState): AppState {
  const d = decodeState(encodeState(s), specs);
  expect(d.dropped).toEqual([]);
  return d.state;
}

describe('scenario URL', () => {
  it('writes only the version for the default state, and reads it back', () => {
    expect(encodeState(defaultState())).toBe('#v=1');
    expect(roundTrip(defaultState())).toEqual(defaultState());
    expect(decodeState('', specs)).toEqual({ state: defaultState(), dropped: [] });
  });

  it('keeps the lesson and step beside the scenario, and names a bad lesson key', () => {
    const s = { ...defaultState(), lesson: { id: 'aimd-sawtooth', step: 2 } };
    expect(encodeState(s)).toBe('#v=1&lesson=aimd-sawtooth&step=2');
    expect(roundTrip(s)).toEqual(s);
    expect(decodeState('#lesson=red-vs-droptail', specs).state.lesson).toEqual({ id: 'red-vs-droptail', step: 1 });
    const bad = decodeState('#v=1&lesson=Bad%20Id&step=0', specs);
    expect(bad.state.lesson).toBeUndefined();
    expect(bad.dropped).toEqual(['lesson=Bad Id&step=0: expected a lesson id and a step number from 1']);
  });

  it('round-trips changed fields, removed fields, presets, live changes and view', () => {
    const s = defaultState();
    // Any preset other than the default one with a RED queue (the specs above know RED's maxP).
    const other = PRESETS.find(
      (p) =>
        p.id !== DEFAULT_PRESET.id &&
        getPath(p.scenario, 'queue.kind') === 'red' &&
        typeof p.scenario.flows === 'object',
    );
    if (!other) throw new Error('no RED preset in public/presets');
    s.preset = other.id;
    s.scenario = structuredClone(other.scenario);
    s.scenario.seed = 42;
    s.scenario.name = 'my run: 100% & more';
    (s.scenario.queue as Record<string, unknown>).maxP = 0.25;
    (s.scenario.flows as Record<string, unknown>).count = 7;
    s.scenario.flowOverrides = [{ flow: 2, tcp: 'reno', weight: 2 }];
    delete (s.scenario as Record<string, unknown>).packetSize;
    s.live = [
      { t: 12.5, entity: 'flows', key: 'exoLoss', value: 0.05 },
      { t: 30, entity: 'flow.3', key: 'weight', value: 2 },
    ];
    s.view = {
      charts: ['queue', 'cwnd'],
      hidden: [1, 4],
      theme: 'dark',
      speed: 0,
      panels: ['charts'],
      fluid: true,
      lines: true,
    };
    const hash = encodeState(s);
    expect(hash).toContain('view.fluid=1');
    expect(hash).toContain('seed=42');
    expect(hash).toContain('packetSize=~');
    expect(hash).not.toContain('bottleneckRate'); // unchanged from the preset: left out
    expect(roundTrip(s)).toEqual(s);
  });

  it('keeps the fluid overlay in view.fluid; a link without it (older links) leaves it off', () => {
    expect(decodeState('#v=1&view.fluid=1').state.view.fluid).toBe(true);
    expect(decodeState('#v=1&view.speed=2').state.view.fluid).toBe(false);
    expect(encodeState(defaultState())).not.toContain('view.fluid');
    const bad = decodeState('#v=1&view.fluid=yes');
    expect(bad.state.view.fluid).toBe(false);
    expect(bad.dropped).toEqual(['view.fluid=yes: expected 1 (fluid model drawn) or 0']);
  });

  it('keeps per-flow lines (rather than a band above 20 flows) in view.lines; older links draw the band', () => {
    expect(decodeState('#v=1&view.lines=1').state.view.lines).toBe(true);
    expect(decodeState('#v=1').state.view.lines).toBe(false);
    expect(encodeState(defaultState())).not.toContain('view.lines');
    const bad = decodeState('#v=1&view.lines=2');
    expect(bad.state.view.lines).toBe(false);
    expect(bad.dropped).toEqual(['view.lines=2: expected 1 (one line per flow) or 0 (a band above 20 flows)']);
  });

  it('keeps numbers-as-text names distinct from numbers', () => {
    const s = defaultState();
    s.scenario.name = '42';
    expect(roundTrip(s).scenario.name).toBe('42');
    s.scenario.name = 'true';
    expect(roundTrip(s).scenario.name).toBe('true');
  });

  it('reads values in their field type and leaves judging them to the core', () => {
    const d = decodeState('#v=1&seed=5&queue.buffer=0&flows.tcp=cubic&flows.count=12&bogus.key=3', specs);
    expect(d.state.scenario.seed).toBe(5);
    expect((d.state.scenario.flows as Record<string, unknown>).count).toBe(12);
    expect((d.state.scenario.queue as Record<string, unknown>).buffer).toBe(0);
    expect((d.state.scenario.flows as Record<string, unknown>).tcp).toBe('cubic');
    // Only what is not a field of the specs is dropped while decoding.
    expect(d.dropped).toEqual(['bogus.key: unknown scenario field']);
  });

  it("checkLink sets what the core refuses back to the preset's value, or leaves it out, saying which and why", async () => {
    const real = normalizeSpecs(described);
    const d = decodeState(
      '#v=1&seed=5&queue.buffer=0&flows.tcp=cubic&flows.count=12&queue.kind=red&queue.maxP=3',
      real,
    );
    const preset = DEFAULT_PRESET.scenario;
    const c = await checkLink(d, repairWithCore);
    expect(c.state.scenario.seed).toBe(5);
    expect(getPath(c.state.scenario, 'flows.count')).toBe(12);
    // The preset has a buffer and a TCP variant: the link's refused values give way to them.
    expect(getPath(c.state.scenario, 'queue.buffer')).toBe(getPath(preset, 'queue.buffer'));
    expect(getPath(c.state.scenario, 'flows.tcp')).toBe(getPath(preset, 'flows.tcp'));
    // Its DropTail queue has no maxP: left out, the core's default holds.
    expect(getPath(preset, 'queue.maxP')).toBeUndefined();
    expect(getPath(c.state.scenario, 'queue.maxP')).toBeUndefined();
    const said = c.dropped.join('\n');
    // Each by the field's label, in its units (issue 23).
    expect(said).toContain(
      `Buffer: 0 packets is out of range; allowed a whole number from 1 packets to 100000 packets; reset to the preset's ${String(getPath(preset, 'queue.buffer'))} packets`,
    );
    expect(said).toContain(
      'Max drop probability: 300% is out of range; allowed a number from 0% to 100%; reset to its default 10%',
    );
    expect(said).toMatch(/TCP variant: .*cubic.*allowed one of Reno, NewReno, SACK; reset to the preset's NewReno/);
    // A link the core takes as it is comes back unchanged.
    const ok = decodeState('#v=1&queue.kind=red&queue.maxP=0.3', real);
    expect(await checkLink(ok, repairWithCore)).toEqual(ok);
  });

  it('checkLink asks the core nothing for a bare URL or a preset alone, and every preset passes its check', async () => {
    const real = normalizeSpecs(described);
    let asked = 0;
    const counting = (s: Scenario, base: Scenario) => {
      asked++;
      return repairWithCore(s, base);
    };
    const bare = decodeState('', real);
    expect(await checkLink(bare, counting)).toBe(bare);
    for (const p of PRESETS) {
      const d = decodeState(`#v=1&preset=${p.id}`, real);
      expect(d.state.preset).toBe(p.id);
      expect(await checkLink(d, counting)).toBe(d);
      // What the skip takes on trust: the core accepts the preset as it is.
      const r = await repairWithCore(p.scenario, p.scenario);
      expect([p.id, r.ok, r.notices]).toEqual([p.id, true, []]);
    }
    expect(asked).toBe(0);
    // One value set by the link: checked.
    await checkLink(decodeState('#v=1&seed=5', real), counting);
    expect(asked).toBe(1);
  });

  it("reads an older link's flows.N (a window rule's parameter) as flows.ccParams.N", async () => {
    const cc = [
      ...specs,
      ...normalizeSpecs([
        { key: 'flows.cc', type: 'enum', options: ['aimd', 'multcp'], selects: 'flows.ccParams' },
        { key: 'flows.multcp.N', type: 'number', min: 1, max: 1000 },
      ]),
    ];
    const d = decodeState('#v=1&flows.cc=multcp&flows.N=8', cc);
    expect(d.dropped).toEqual([]);
    expect(getPath(d.state.scenario, 'flows.ccParams.N')).toBe(8);
    expect(getPath(d.state.scenario, 'flows.N')).toBeUndefined();
    const zero = await checkLink(
      decodeState('#v=1&flows.cc=multcp&flows.N=0', normalizeSpecs(described)),
      repairWithCore,
    );
    expect(zero.dropped).toEqual([
      expect.stringMatching(/^N: 0 flows is out of range; allowed .*1.*1000 flows; reset to its default 1 flows?$/),
    ]);
  });

  it('checks a kind-specific field against the kind chosen in the URL', async () => {
    const real = normalizeSpecs(described);
    expect((await checkLink(decodeState('#v=1&queue.kind=red&queue.maxP=0.3', real), repairWithCore)).dropped).toEqual(
      [],
    );
    expect(
      (await checkLink(decodeState('#v=1&queue.kind=red&queue.maxP=3', real), repairWithCore)).dropped,
    ).toHaveLength(1);
    // maxP is not a DropTail parameter: the core names it as an unknown key of that kind.
    const dt = await checkLink(decodeState('#v=1&queue.kind=droptail&queue.maxP=0.3', real), repairWithCore);
    expect(dt.dropped.join('\n')).toContain('queue.maxP');
  });

  it('reads what it can from malformed and outdated links', () => {
    const d = decodeState(
      '#v=0&preset=nope&%E0%A4%A=1&seed=9&live=5:flows:exoLoss:0.1;garbage&view.charts=cwnd,pie&view.speed=-3&view.theme=neon',
      specs,
    );
    expect(d.state.scenario.seed).toBe(9);
    expect(d.state.preset).toBe(DEFAULT_PRESET.id);
    expect(d.state.live).toEqual([{ t: 5, entity: 'flows', key: 'exoLoss', value: 0.1 }]);
    expect(d.state.view.charts).toEqual(['cwnd']);
    expect(d.state.view.speed).toBe(1);
    expect(d.state.view.theme).toBe('auto');
    const all = d.dropped.join('\n');
    for (const w of [
      'version 0',
      'preset "nope"',
      'not a valid URL entry',
      'garbage',
      'pie',
      'view.speed',
      'view.theme',
    ])
      expect(all).toContain(w);
  });

  it('keeps unknown fields for the core to judge when no specs are known yet', () => {
    const d = decodeState('#v=1&queue.minTh=20');
    expect(d.dropped).toEqual([]);
    expect((d.state.scenario.queue as Record<string, unknown>).minTh).toBe(20);
  });

  it("leaves a list field that is not a list to the core, which names it; the preset's list is kept", async () => {
    const real = normalizeSpecs(described);
    const d = decodeState('#v=1&exoLoss.steps=oops', real);
    expect(d.dropped).toEqual([]);
    const c = await checkLink(d, repairWithCore);
    expect(c.dropped).toHaveLength(1);
    expect(c.dropped[0]).toBe(
      "Steps: expected a list, got text; reset to the preset's 0% at 0 s -> 1% at 20 s -> 5% at 40 s",
    );
    expect(getPath(c.state.scenario, 'exoLoss.steps')).toEqual(getPath(DEFAULT_PRESET.scenario, 'exoLoss.steps'));
  });

  describe('links that try to reach Object.prototype (issue 11)', () => {
    const protoNames = Object.getOwnPropertyNames(Object.prototype).sort();
    for (const hash of [
      '#v=1&__proto__.hasOwnProperty=~',
      '#v=1&__proto__.dangerouslySetInnerHTML=x',
      '#v=1&constructor.prototype.x=1',
      '#v=1&queue.__proto__.x=1',
      '#v=1&flows.constructor.prototype.polluted=1',
      '#v=1&__proto__=%7B%22x%22%3A1%7D',
      '#v=1&flowOverrides=%5B%7B%22__proto__%22%3A%7B%22x%22%3A1%7D%7D%5D',
    ]) {
      it(`drops ${hash} with a notice and leaves the default scenario and Object.prototype alone`, () => {
        for (const sp of [specs, undefined]) {
          const d = decodeState(hash, sp);
          expect(d.state.scenario).toEqual(defaultState().scenario);
          expect(d.dropped).toHaveLength(1);
          expect(d.dropped[0]).toMatch(/refused/);
          expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(protoNames);
          expect(({} as Record<string, unknown>).x).toBeUndefined();
          expect(typeof Object.prototype.hasOwnProperty).toBe('function');
        }
      });
    }
  });

  describe('link limits (issue 11)', () => {
    const live = (n: number) => `live=${Array.from({ length: n }, (_, i) => `${i}:flows:exoLoss:0.01`).join(';')}`;
    it('replays up to 1,000 live changes and drops a longer list whole, with a notice', () => {
      expect(LINK_LIMITS.liveChanges).toBe(1000);
      const at = decodeState(`#v=1&${live(1000)}`, specs);
      expect(at.dropped).toEqual([]);
      expect(at.state.live).toHaveLength(1000);
      const past = decodeState(`#v=1&${live(1001)}`, specs);
      expect(past.state.live).toEqual([]);
      expect(past.dropped).toEqual([
        'live: 1001 changes; a link may carry at most 1000 live changes (64000 characters), so none were replayed',
      ]);
      const long = decodeState(`#v=1&live=${'1:flows:exoLoss:0.0000001;'.repeat(2600)}`, specs);
      expect(long.state.live).toEqual([]);
      expect(long.dropped[0]).toMatch(/^live: 67600 characters/);
    });

    it('opens a link longer than 200,000 characters as the default state, with a notice', () => {
      const hash = `#v=1&seed=5&name=${'x'.repeat(LINK_LIMITS.chars)}`;
      const d = decodeState(hash, specs);
      expect(d.state).toEqual(defaultState());
      expect(d.dropped).toEqual([
        `the link is ${hash.length - 1} characters long; at most 200000 are read, so the default scenario was opened`,
      ]);
    });

    it('drops array values past 2,000 entries or 8 levels of nesting', () => {
      const overrides = (n: number) =>
        encodeURIComponent(JSON.stringify(Array.from({ length: n }, (_, i) => ({ flow: i }))));
      expect(decodeState(`#v=1&flowOverrides=${overrides(2000)}`).state.scenario.flowOverrides).toHaveLength(2000);
      const past = decodeState(`#v=1&flowOverrides=${overrides(2001)}`);
      expect(past.state.scenario.flowOverrides).toEqual(defaultState().scenario.flowOverrides);
      expect(past.dropped).toEqual(['flowOverrides: refused, 2001 entries; a link may carry at most 2000']);
      const nest = (d: number) => '['.repeat(d) + '1' + ']'.repeat(d);
      expect(decodeState(`#v=1&topology.rates=${nest(8)}`).dropped).toEqual([]);
      expect(decodeState(`#v=1&topology.rates=${nest(9)}`).dropped).toEqual([
        'topology.rates: refused, nested deeper than 8 levels',
      ]);
      expect(decodeState(`#v=1&topology.rates=${nest(100000)}`).dropped).toHaveLength(1); // no stack overflow
    });
  });

  describe('hostile links, third round (issue 28)', () => {
    const real = normalizeSpecs(described);

    it('refuses a lone surrogate in a text or number field, naming the field, and writes the link back', () => {
      for (const [key, label] of [
        ['name', 'Name'],
        ['duration', 'Duration'],
        ['seed', 'Seed'],
        ['flows.count', 'Flows'],
        ['queue.buffer', 'Buffer'],
        ['topology.bottleneckRate', 'Bottleneck rate'],
      ]) {
        const d = decodeState(`#v=1&${key}=${encodeURIComponent('"\\ud800"')}`, real);
        expect(d.dropped).toEqual([
          `${label} (${key}): refused, the text holds a lone surrogate (\\ud800 to \\udfff without its pair)`,
        ]);
        expect(d.state.scenario).toEqual(defaultState().scenario);
        // Inside a list too; and writing a state that holds one anyway never throws.
        expect(decodeState(`#v=1&topology.nodes=${encodeURIComponent('["a","\\udc00"]')}`, real).dropped[0]).toMatch(
          /lone surrogate/,
        );
      }
      const s = defaultState();
      s.scenario.name = 'a\ud800b';
      expect(encodeState(s)).toBe('#v=1&name=a%EF%BF%BDb');
    });

    it('refuses a dotted key deeper than a scenario goes, without building it', () => {
      const key = Array.from({ length: 3000 }, () => 'a').join('.');
      for (const sp of [real, undefined]) {
        const d = decodeState(`#v=1&${key}=1`, sp);
        expect(d.dropped).toEqual([
          `"${key.slice(0, 40)}...": refused, a path of 3000 fields; a scenario path has at most 8`,
        ]);
        expect(d.state.scenario).toEqual(defaultState().scenario);
      }
      // A path of 8 fields is read (the core judges it).
      expect(decodeState('#v=1&a.b.c.d.e.f.g.h=1').dropped).toEqual([]);
    });

    it('reads 10,000 unknown keys with work linear in the keys and in the specs, and names a few', () => {
      // Every read of a spec, counted: the decoder once read the spec list once per spec for each
      // key (kindParamsOf in findSpec), 67,000 reads a key and 43 s for this link in a browser.
      let reads = 0;
      const counted = new Proxy(real, {
        get(t, k, r) {
          reads++;
          return Reflect.get(t, k, r) as unknown;
        },
      });
      const work = (n: number, key: (i: number) => string) => {
        reads = 0;
        const d = decodeState(`#v=1&${Array.from({ length: n }, (_, i) => `${key(i)}=1`).join('&')}`, counted);
        return { reads, d };
      };
      // Keys no spec starts like ("x0"), and keys inside a group the specs know ("queue.x0": the
      // specs are searched for each), the second kind fewer (each costs a few passes over the specs).
      for (const [n, key] of [
        [10000, (i: number) => `x${i}`],
        [2000, (i: number) => `queue.x${i}`],
      ] as const) {
        const small = work(n / 10, key);
        const big = work(n, key);
        // Linear in the keys (10x the keys: at most 11x the reads), and a few passes over the
        // specs a key, not one per spec.
        expect(big.reads).toBeLessThanOrEqual(small.reads * 11);
        expect(big.reads / n).toBeLessThan(20 * real.length);
        expect(big.d.dropped).toEqual([
          `${n} keys left out (unknown scenario field): ${key(0)}, ${key(1)}, ${key(2)} and ${n - 3} more`,
        ]);
        expect(big.d.state.scenario).toEqual(defaultState().scenario);
      }
      // A few are named one by one, as before.
      expect(decodeState('#v=1&x0=1&x1=1', real).dropped).toEqual([
        'x0: unknown scenario field',
        'x1: unknown scenario field',
      ]);
    }, 60_000);

    it('keeps a notice short: past 20 lines the rest are counted', () => {
      const hash = `#v=1&${Array.from({ length: 50 }, (_, i) => `view.x${i}=1`).join('&')}`;
      const d = decodeState(hash, real);
      expect(d.dropped).toHaveLength(20);
      expect(d.dropped[19]).toBe('... and 31 more things the link gave were left out');
    });

    it('reads numbers only in the form the page writes, and names the field and the form otherwise', () => {
      for (const ok of ['5', '-2', '0.5', '1e-3', '2E+3', '0'])
        expect(decodeState(`#v=1&duration=${ok}`, real).state.scenario.duration).toBe(Number(ok));
      for (const bad of ['0x10', '0b11', '0o7', ' 5', '5 ', '5.', '.5', '+5', '"5"', 'Infinity', '05', '1_000', '']) {
        const d = decodeState(`#v=1&duration=${encodeURIComponent(bad)}`, real);
        expect(d.state.scenario.duration).toBe(defaultState().scenario.duration);
        expect(d.dropped).toEqual([
          `Duration (duration)=${bad}: refused, not a number; write numbers as 60, 0.5, -2 or 1e-3`,
        ]);
      }
      // An integer field and a field inside a kind ("queue.buffer" of the DropTail queue).
      expect(decodeState('#v=1&flows.count=0x10', real).dropped[0]).toMatch(/^Flows \(flows\.count\)=0x10: refused/);
      expect(decodeState('#v=1&queue.buffer=%2B5', real).dropped[0]).toMatch(/^Buffer \(queue\.buffer\)=\+5: refused/);
      expect(decodeState('#v=1&duration=1e400', real).dropped).toEqual([
        'Duration (duration)=1e400: refused, too large for a number',
      ]);
      // Text fields keep their text: a name "0x10" is a name.
      expect(decodeState('#v=1&name=0x10', real).state.scenario.name).toBe('0x10');
      // Live changes, the view's speed and hidden flows, and compare values read numbers the same way.
      const live = decodeState('#v=1&live=0x1:flows:exoLoss:0.1;1:flows:exoLoss:%2B0.1;2:flows:exoLoss:0.1', real);
      expect(live.state.live).toEqual([{ t: 2, entity: 'flows', key: 'exoLoss', value: 0.1 }]);
      expect(live.dropped).toHaveLength(2);
      expect(decodeState('#v=1&view.speed=0x2', real).state.view.speed).toBe(1);
      expect(decodeState('#v=1&view.hide=1,0x2', real).state.view.hidden).toEqual([]);
      expect(decodeState('#v=1&compare=flows.count:0x10', real).state.teach.compare).toEqual({
        path: 'flows.count',
        value: '0x10',
      });
    });

    it('refuses a value holding a NUL by its field alone, keeping the rest of the link', () => {
      const d = decodeState('#v=1&seed=7&name=a%00b&duration=1%000', real);
      expect(d.state.scenario.seed).toBe(7);
      expect(d.state.scenario.name).toBe(defaultState().scenario.name);
      expect(d.dropped).toEqual([
        'Name (name): refused, the value holds a NUL character',
        'Duration (duration): refused, the value holds a NUL character',
      ]);
    });

    it('reads a repeated key once, with its last value, and says so', () => {
      const d = decodeState(`#v=1&${Array.from({ length: 5000 }, (_, i) => `duration=${i + 1}`).join('&')}`, real);
      expect(d.state.scenario.duration).toBe(5000);
      expect(d.dropped).toEqual(['duration: given 5000 times; the last value (5000) was used']);
      const two = decodeState('#v=1&seed=3&view.theme=dark&seed=4&v=1', real);
      expect(two.state.scenario.seed).toBe(4);
      expect(two.dropped).toEqual([
        'seed: given 2 times; the last value (4) was used',
        'v: given 2 times; the last value (1) was used',
      ]);
    });

    it('writes only the live changes a link replays: folds overridden ones, keeps the first that fit', () => {
      const s = defaultState();
      s.live = Array.from({ length: 1100 }, (_, i) => ({ t: i / 1000, entity: 'flows', key: 'exoLoss', value: 0.01 }));
      // Two changes of one parameter at one time: the later one holds.
      s.live.splice(1, 0, { t: 0, entity: 'flows', key: 'exoLoss', value: 0.02 });
      const d = decodeState(encodeState(s), real);
      expect(d.dropped).toEqual([]);
      expect(d.state.live).toHaveLength(1000);
      expect(d.state.live[0]).toEqual({ t: 0, entity: 'flows', key: 'exoLoss', value: 0.02 });
      expect(d.state.live[999]!.t).toBe(0.999);
      expect(linkLive(s.live).left).toBe(100);
      expect(liveLeftNotice(s.live)).toBe(
        'the link carries the first 1000 live changes (to 0.999 s); the 100 after them are not in it (a link replays at most 1000 changes, 64000 characters)',
      );
      // Long entity names: the 64,000 characters bind first.
      s.live = Array.from({ length: 900 }, (_, i) => ({
        t: i,
        entity: `link.${'x'.repeat(80)}`,
        key: 'rate',
        value: 1e6,
      }));
      const long = decodeState(encodeState(s), real);
      expect(long.dropped).toEqual([]);
      expect(long.state.live.length).toBeLessThan(900);
      expect(liveLeftNotice(s.live)).toMatch(/the \d+ after them are not in it/);
      expect(liveLeftNotice(s.live.slice(0, 10))).toBeNull();
    });
  });
});
