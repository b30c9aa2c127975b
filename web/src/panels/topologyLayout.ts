// Where the topology view puts nodes, links, the queue and drops, per topology kind.
import type { Scenario } from '../core/types';
import { getPath } from '../scenario/paths.mjs';
import { formatValue } from '../scenario/liveParams';

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
const rate = (v: unknown) => (typeof v === 'number' ? formatValue(v, { unit: 'bit/s', key: 'rate' }) : '?');
const ms = (v: unknown) => (typeof v === 'number' ? `${+(v * 1000).toPrecision(3)} ms` : '?');

export function layoutTopology(s: Scenario, flowCount: number, width: number, height: number): Layout {
  const kind = getPath(s, 'topology.kind') ?? 'dumbbell';
  if (kind === 'dumbbell') return dumbbell(s, flowCount, width, height);
  return chainLike(s, width, height);
}

function dumbbell(s: Scenario, flowCount: number, width: number, height: number): Layout {
  const hosts = Math.max(1, Math.min(MAX_HOSTS, flowCount));
  const lx = width * 0.36;
  const rx = width * 0.64;
  const my = height / 2;
  const top = 20;
  const step = (height - 2 * top) / Math.max(1, hosts - 1);
  const hy = (i: number) => (hosts === 1 ? my : top + (i % hosts) * step);
  const nodes: LNode[] = [
    { x: lx, y: my, label: 'L', router: true },
    { x: rx, y: my, label: 'R', router: true },
  ];
  const links: LLink[] = [
    {
      x1: lx,
      y1: my,
      x2: rx,
      y2: my,
      main: true,
      label: `${rate(getPath(s, 'topology.bottleneckRate') ?? 16e6)}, ${ms(getPath(s, 'topology.bottleneckDelay') ?? 0.001)}`,
    },
  ];
  for (let i = 0; i < hosts; i++) {
    const more = flowCount > hosts && i === hosts - 1 ? ` (+${flowCount - hosts})` : '';
    nodes.push({ x: 40, y: hy(i), flow: i, label: `s${i}${more}` });
    nodes.push({ x: width - 40, y: hy(i), flow: i, label: `r${i}${more}` });
    links.push({ x1: 40, y1: hy(i), x2: lx, y2: my }, { x1: rx, y1: my, x2: width - 40, y2: hy(i) });
  }
  links.push({
    x1: lx * 0.5,
    y1: height - 4,
    x2: lx * 0.5,
    y2: height - 4,
    label: `access ${rate(getPath(s, 'topology.accessRate') ?? 100e6)}, ${ms(getPath(s, 'topology.accessDelayMin') ?? 0.001)}-${ms(getPath(s, 'topology.accessDelayMax') ?? 0.004)}`,
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

/** Chain and graph: node names on a line (chain A-B-C-D) with the queue on the first link. */
function chainLike(s: Scenario, width: number, height: number): Layout {
  const names =
    getPath(s, 'topology.kind') === 'chain'
      ? ['A', 'B', 'C', 'D']
      : ((getPath(s, 'topology.nodes') as string[] | undefined) ?? ['A', 'B']);
  const n = Math.max(2, names.length);
  const my = height / 2;
  const xs = (i: number) => 50 + (i * (width - 100)) / (n - 1);
  const nodes: LNode[] = names.map((name, i) => ({ x: xs(i), y: my, label: String(name), router: true }));
  const links: LLink[] = [];
  for (let i = 0; i + 1 < n; i++)
    links.push({ x1: xs(i), y1: my, x2: xs(i + 1), y2: my, main: i === 0, label: i === 0 ? 'queue link' : undefined });
  const queue = { x: xs(0) + 14, y: my - 9, w: Math.min(110, (xs(1) - xs(0)) * 0.5), h: 18 };
  return {
    nodes,
    links,
    queue,
    exoLabel: { x: width / 2, y: height - 4 },
    dropAt: () => ({ x: queue.x + queue.w, y: my }),
  };
}
