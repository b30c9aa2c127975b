// Where the topology view puts nodes, links, the queue and drops, drawn from the run's manifest
// (bl_manifest): the links as the core built them (rates as changed live, delays as drawn), the
// bottleneck the core names and the path of a flow that crosses it.
import type { Manifest, ManifestLink, ParamSpec } from '../params/types';
import { findSpec } from '../params/specs';
import { formatHuman } from '../params/units';

export interface LNode {
  x: number;
  y: number;
  label?: string;
  router?: boolean;
  flow?: number;
}
export interface LLink {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  label?: string;
  main?: boolean;
  /** The label goes below the line (alternating on a path, so neighbours do not overlap). */
  below?: boolean;
}
export interface Layout {
  nodes: LNode[];
  links: LLink[];
  queue: { x: number; y: number; w: number; h: number };
  exoLabel: { x: number; y: number };
  /** Where to flash a drop on link `link` of flow `flow`. */
  dropAt: (link: string, flow: number, exogenous: boolean) => { x: number; y: number };
}

const MAX_HOSTS = 12;

/** The specs that say how a rate and a delay are shown (bit/s in Mb/s, s in ms). */
function units(specs: readonly ParamSpec[]) {
  const dumbbell = (g: string) => (g === 'topology' ? 'dumbbell' : undefined);
  const rate = findSpec(specs, 'topology.bottleneckRate', dumbbell) ?? { display: undefined, unit: 'bit/s' };
  const delay = findSpec(specs, 'topology.bottleneckDelay', dumbbell) ?? { display: undefined, unit: 's' };
  return {
    rate: (v: number) => formatHuman(v, rate),
    // Drawn access delays have many digits; three say enough.
    delay: (v: number) => formatHuman(+v.toPrecision(3), delay),
  };
}

/** "5 ms", or "2 ms to 8 ms" when the values differ. */
function range(values: number[], fmt: (v: number) => string): string {
  if (!values.length) return '?';
  const a = fmt(Math.min(...values));
  const b = fmt(Math.max(...values));
  return a === b ? a : `${a} to ${b}`;
}

/**
 * `rateNow(link)`: a link's rate in force now (a live change not yet in the manifest included;
 * NaN: the manifest's), so a label says what the run is doing.
 */
export function layoutTopology(
  m: Manifest,
  specs: readonly ParamSpec[],
  flowCount: number,
  width: number,
  height: number,
  rateNow: (link: string) => number = () => Number.NaN,
): Layout {
  const fmt = units(specs);
  const linkOf = new Map(m.links.map((l) => [l.name, l]));
  const rateOf = (l: ManifestLink) => {
    const r = rateNow(l.name);
    return Number.isFinite(r) ? r : l.rate;
  };
  // A link that follows a delivery trace has no one rate: its label says so, with the trace's mean.
  const label = (l: ManifestLink) =>
    l.trace
      ? `${l.trace.name} trace, mean ${fmt.rate(l.rate)}, ${fmt.delay(l.delay)}`
      : `${fmt.rate(rateOf(l))}, ${fmt.delay(l.delay)}`;
  if (m.topology === 'dumbbell' && m.bottleneck && linkOf.has(m.bottleneck))
    return dumbbell(m, linkOf, fmt, label, flowCount, width, height);
  return pathLayout(m, linkOf, label, width, height);
}

function dumbbell(
  m: Manifest,
  linkOf: Map<string, ManifestLink>,
  fmt: ReturnType<typeof units>,
  label: (l: ManifestLink) => string,
  flowCount: number,
  width: number,
  height: number,
): Layout {
  const bottleneck = linkOf.get(m.bottleneck!)!;
  // The access links: every link of a flow's path but the bottleneck.
  const access: ManifestLink[] = [];
  for (const f of m.flows)
    for (const name of f.path) {
      const l = linkOf.get(name);
      if (l && name !== bottleneck.name) access.push(l);
    }
  const hosts = Math.max(1, Math.min(MAX_HOSTS, flowCount));
  const lx = width * 0.36;
  const rx = width * 0.64;
  const my = height / 2;
  const top = 20;
  const step = (height - 2 * top) / Math.max(1, hosts - 1);
  const hy = (i: number) => (hosts === 1 ? my : top + (i % hosts) * step);
  const nodes: LNode[] = [
    { x: lx, y: my, label: bottleneck.from, router: true },
    { x: rx, y: my, label: bottleneck.to, router: true },
  ];
  const links: LLink[] = [{ x1: lx, y1: my, x2: rx, y2: my, main: true, below: true, label: label(bottleneck) }];
  for (let i = 0; i < hosts; i++) {
    const more = flowCount > hosts && i === hosts - 1 ? ` (+${flowCount - hosts})` : '';
    nodes.push({ x: 40, y: hy(i), flow: i, label: `s${i}${more}` });
    nodes.push({ x: width - 40, y: hy(i), flow: i, label: `r${i}${more}` });
    links.push({ x1: 40, y1: hy(i), x2: lx, y2: my }, { x1: rx, y1: my, x2: width - 40, y2: hy(i) });
  }
  if (access.length)
    links.push({
      x1: lx * 0.5,
      y1: height - 4,
      x2: lx * 0.5,
      y2: height - 4,
      label: `access ${range(
        access.map((l) => l.rate),
        fmt.rate,
      )}, ${range(
        access.map((l) => l.delay),
        fmt.delay,
      )}`,
    });
  const queue = { x: lx + 14, y: my - 9, w: Math.min(110, (rx - lx) * 0.45), h: 18 };
  return {
    nodes,
    links,
    queue,
    exoLabel: { x: (rx + width - 40) / 2, y: height - 4 },
    dropAt: (_link, flow, exo) =>
      exo ? { x: (rx + width - 40) / 2, y: (my + hy(flow)) / 2 } : { x: queue.x + queue.w, y: queue.y + queue.h / 2 },
  };
}

/**
 * Chain and graph: the path of the longest flow through the bottleneck (its links in order,
 * each labelled with its rate and delay), the queue drawn on the bottleneck.
 */
function pathLayout(
  m: Manifest,
  linkOf: Map<string, ManifestLink>,
  label: (l: ManifestLink) => string,
  width: number,
  height: number,
): Layout {
  let path: ManifestLink[] = [];
  for (const f of m.flows) {
    if (!f.crossesBottleneck) continue;
    const ls = f.path.map((n) => linkOf.get(n)).filter((l): l is ManifestLink => l !== undefined);
    if (ls.length > path.length) path = ls;
  }
  if (!path.length) {
    const b = m.bottleneck ? linkOf.get(m.bottleneck) : undefined;
    path = b ? [b] : [];
  }
  const names = path.length ? [path[0]!.from, ...path.map((l) => l.to)] : m.nodes.slice(0, 2);
  const n = Math.max(2, names.length);
  const my = height / 2;
  const xs = (i: number) => 50 + (i * (width - 100)) / (n - 1);
  const nodes: LNode[] = names.map((name, i) => ({ x: xs(i), y: my, label: name, router: true }));
  const at = Math.max(
    0,
    path.findIndex((l) => l.name === m.bottleneck),
  );
  // The bottleneck's label below its line (the queue's count is above), its neighbours' above.
  const links: LLink[] = path.map((l, i) => ({
    x1: xs(i),
    y1: my,
    x2: xs(i + 1),
    y2: my,
    main: l.name === m.bottleneck,
    below: i % 2 === at % 2,
    label: label(l),
  }));
  const queue = { x: xs(at) + 14, y: my - 9, w: Math.min(110, (xs(at + 1) - xs(at)) * 0.5), h: 18 };
  const index = new Map(path.map((l, i) => [l.name, i]));
  return {
    nodes,
    links,
    queue,
    exoLabel: { x: width / 2, y: height - 4 },
    // A drop on a link of the path flashes on that link; elsewhere, at the queue.
    dropAt: (link) => {
      const i = index.get(link);
      return i === undefined || i === at ? { x: queue.x + queue.w, y: my } : { x: (xs(i) + xs(i + 1)) / 2, y: my };
    },
  };
}
