// Where the topology view puts nodes, links, the queue and drops, per topology kind.
import type { ParamSpec, Scenario } from '../core/types';
import { findSpec } from '../core/specs';
import { formatHuman } from '../core/units';
import { getPath } from '../../../wasm-core/js/paths.mjs';

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
/** A dumbbell field as the run has it (else the core's default), in human units ("1 Gb/s", "5 ms"). */
function shown(s: Scenario, specs: readonly ParamSpec[], path: string): string {
  const spec = findSpec(specs, path, (g) => (g === 'topology' ? 'dumbbell' : undefined));
  const v = getPath(s, path) ?? spec?.default;
  return typeof v === 'number' && spec ? formatHuman(v, spec) : '?';
}

/** "5 ms", or "2 ms to 8 ms" when the access delays are drawn from a range. */
function between(s: Scenario, specs: readonly ParamSpec[], lo: string, hi: string): string {
  const a = shown(s, specs, lo);
  const b = shown(s, specs, hi);
  return a === b ? a : `${a} to ${b}`;
}

/**
 * `bottleneckRate`: the dumbbell's bottleneck rate now (a live change sets it; NaN: the
 * scenario's), so the link's label says what the run is doing.
 */
export function layoutTopology(
  s: Scenario,
  specs: readonly ParamSpec[],
  flowCount: number,
  width: number,
  height: number,
  bottleneckRate = Number.NaN,
): Layout {
  const kind = getPath(s, 'topology.kind') ?? 'dumbbell';
  if (kind === 'dumbbell') return dumbbell(s, specs, flowCount, width, height, bottleneckRate);
  return chainLike(s, width, height);
}

function dumbbell(
  s: Scenario,
  specs: readonly ParamSpec[],
  flowCount: number,
  width: number,
  height: number,
  bottleneckRate: number,
): Layout {
  const rateSpec = findSpec(specs, 'topology.bottleneckRate', (g) => (g === 'topology' ? 'dumbbell' : undefined));
  const rate =
    Number.isFinite(bottleneckRate) && rateSpec
      ? formatHuman(bottleneckRate, rateSpec)
      : shown(s, specs, 'topology.bottleneckRate');
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
      label: `${rate}, ${shown(s, specs, 'topology.bottleneckDelay')}`,
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
    label: `access ${shown(s, specs, 'topology.accessRate')}, ${between(s, specs, 'topology.accessDelayMin', 'topology.accessDelayMax')}`,
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
