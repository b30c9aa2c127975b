// The topology's link labels say what the run has, from its manifest, in human units: the links
// as built (rates as changed live, access delays as drawn), a chain's or graph's path through the
// bottleneck, the queue on the link the core calls the bottleneck.
import { describe, expect, it } from 'vitest';
import described from '../../test/fixtures/describe.json';
import { normalizeSpecs } from '../params/specs';
import { testManifest } from '../params/manifestFixture';
import type { Manifest, ManifestLink } from '../params/types';
import { layoutTopology } from './topologyLayout';

const specs = normalizeSpecs(described);
const labels = (m: Manifest, rateNow?: (link: string) => number) =>
  layoutTopology(m, specs, m.flows.length, 600, 230, rateNow)
    .links.map((l) => l.label)
    .filter((l): l is string => l !== undefined);

const link = (name: string, from: string, to: string, rate: number, delay: number): ManifestLink => ({
  name,
  from,
  to,
  rate,
  delay,
  buffer: 100,
  queue: { kind: 'droptail', params: { buffer: 100 } },
  loss: null,
});

describe('dumbbell labels', () => {
  it("the bottleneck's rate and delay, the access links' rate and delays as built", () => {
    // testManifest: bottleneck 16 Mb/s, 1 ms; each flow's dst link 100 Mb/s, 2 ms.
    expect(labels(testManifest({ flows: 2 }))).toEqual(['16 Mb/s, 1 ms', 'access 100 Mb/s, 2 ms']);
    const m = testManifest({ flows: 2 });
    m.links[2]!.delay = 0.0081234; // flow 1's access link drawn at 8.12 ms (three digits shown)
    expect(labels(m)[1]).toBe('access 100 Mb/s, 2 ms to 8.12 ms');
  });
  it('a link that follows a delivery trace is labelled with the trace and its mean, not as a fixed rate', () => {
    const m = testManifest({ rate: 4560324 });
    m.links[0]!.trace = { name: 'lte-driving (downlink)', opportunities: 45604, period: 120.002 };
    expect(labels(m)[0]).toBe('lte-driving (downlink) trace, mean 4.56 Mb/s, 1 ms');
  });
  it('the bottleneck rate as changed live, before the next manifest says so', () => {
    expect(labels(testManifest({ rate: 16e6 }), (l) => (l === 'bottleneck' ? 5e6 : Number.NaN))[0]).toBe(
      '5 Mb/s, 1 ms',
    );
  });
  it('router names are the bottleneck link ends the core built', () => {
    const lay = layoutTopology(testManifest(), specs, 2, 600, 230);
    expect(lay.nodes.filter((n) => n.router).map((n) => n.label)).toEqual(['L', 'R']);
  });
});

describe('chain and graph', () => {
  // A chain A-B-C-D with access links, its bottleneck BC (not the first hop).
  const chain = (): Manifest => {
    const m = testManifest({ flows: 2 });
    m.topology = 'chain';
    m.bottleneck = 'BC';
    m.links = [
      link('src.0', 's0', 'A', 1e9, 0.005),
      link('AB', 'A', 'B', 1e8, 0.001),
      link('BC', 'B', 'C', 5e7, 0.002),
      link('CD', 'C', 'D', 1e8, 0.001),
      link('dst.0', 'D', 'r0', 1e9, 0.005),
      link('src.1', 's1', 'B', 1e9, 0.005),
      link('dst.1', 'C', 'r1', 1e9, 0.005),
    ];
    m.flows[0]!.path = ['src.0', 'AB', 'BC', 'CD', 'dst.0'];
    m.flows[1]!.path = ['src.1', 'BC', 'dst.1'];
    return m;
  };
  it('draws the longest path through the bottleneck, each hop with its own rate and delay', () => {
    const lay = layoutTopology(chain(), specs, 2, 600, 230);
    expect(lay.nodes.map((n) => n.label)).toEqual(['s0', 'A', 'B', 'C', 'D', 'r0']);
    expect(lay.links.map((l) => l.label)).toEqual([
      '1 Gb/s, 5 ms',
      '100 Mb/s, 1 ms',
      '50 Mb/s, 2 ms',
      '100 Mb/s, 1 ms',
      '1 Gb/s, 5 ms',
    ]);
    // The bottleneck is the third link: it alone is drawn as the main one, the queue on it.
    expect(lay.links.map((l) => l.main)).toEqual([false, false, true, false, false]);
    const bc = lay.links[2]!;
    expect(lay.queue.x).toBeGreaterThan(bc.x1);
    expect(lay.queue.x + lay.queue.w).toBeLessThan(bc.x2);
  });
  it('a drop on a hop flashes on that hop; one at the bottleneck, at its queue', () => {
    const lay = layoutTopology(chain(), specs, 2, 600, 230);
    const ab = lay.links[1]!;
    expect(lay.dropAt('AB', 0, false).x).toBe((ab.x1 + ab.x2) / 2);
    expect(lay.dropAt('BC', 0, false).x).toBe(lay.queue.x + lay.queue.w);
  });
});
