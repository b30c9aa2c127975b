// Topology (SVG): nodes and links with their labels (rate, delay, loss), the bottleneck
// queue filling as it fills, and drops flashing where they happen, coloured by flow.
import { useEffect, useRef } from 'react';
import * as d3 from 'd3';
import type { SimController, SimSnapshot } from '../run/simController';
import { addPainter, requestFrame, requestFrameIn } from '../store/frameLoop';
import { useOnScreen } from '../ui/useOnScreen';
import { flowColor } from '../charts/palette';
import { DropReason } from '../params/types';
import { exoLossText } from '../scenario/liveParams';
import { type Layout, layoutTopology } from './topologyLayout';

const HEIGHT = 230;
const FLASH_S = 0.5; // drops stay visible this long in simulated time
const MAX_FLASH = 60;
const REDRAW_MS = 50;

export function TopologyView({ sim, snap }: { sim: SimController; snap: SimSnapshot }) {
  const svgRef = useRef<SVGSVGElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const snapRef = useRef(snap);
  snapRef.current = snap;
  const layoutRef = useRef<Layout | null>(null);
  const onScreen = useOnScreen(wrapRef);

  useEffect(() => {
    const wrap = wrapRef.current!;
    const build = () => {
      const s = snapRef.current;
      if (!s.manifest || !svgRef.current) return;
      const width = Math.max(300, wrap.clientWidth);
      layoutRef.current = layoutTopology(s.manifest, s.specs, s.flowCount, width, HEIGHT, (link) =>
        sim.liveValue(`link.${link}`, 'rate'),
      );
      drawStatic(svgRef.current, layoutRef.current, s, width);
      requestFrame();
    };
    build();
    const ro = new ResizeObserver(build);
    ro.observe(wrap);
    return () => ro.disconnect();
  }, [sim, snap.manifest, snap.flowCount, snap.paramVersion, snap.links]);

  useEffect(() => {
    let lastVersion = -1;
    let drawnAt = Number.NEGATIVE_INFINITY;
    return addPainter(() => {
      const svgEl = svgRef.current;
      const lay = layoutRef.current;
      const s = snapRef.current;
      if (!svgEl || !lay || sim.store.version === lastVersion || !onScreen.current) return;
      // Each SVG change repaints the panel: twenty times a second animates the flashes well enough.
      const t = performance.now();
      if (t - drawnAt < REDRAW_MS) {
        requestFrameIn(REDRAW_MS - (t - drawnAt));
        return;
      }
      drawnAt = t;
      lastVersion = sim.store.version;
      const svg = d3.select(svgEl);
      // The bottleneck's queue fill (the core names the bottleneck; its queue's column has its name)
      const b = s.manifest?.bottleneck;
      const q = b && s.columns.includes(`queue.${b}.len`) ? b : null;
      const len = q ? sim.store.latest(`queue.${q}.len`) : NaN;
      const buf = q ? sim.liveValue(`queue.${q}`, 'buffer') : NaN;
      const frac = Number.isFinite(len) && buf > 0 ? Math.min(1, len / buf) : 0;
      svg
        .select('rect.queue-fill')
        .attr('width', lay.queue.w * frac)
        .attr('x', lay.queue.x + lay.queue.w * (1 - frac));
      svg
        .select('text.queue-label')
        .text(Number.isFinite(len) ? `${len.toFixed(0)} / ${Number.isFinite(buf) ? buf : '?'} pkts` : '');
      // Drop flashes
      const d = sim.store.drops;
      const now = sim.store.now;
      const flashes: { k: number; x: number; y: number; color: string; age: number }[] = [];
      for (let i = d.t.length - 1; i >= 0 && flashes.length < MAX_FLASH; i--) {
        const age = now - d.t.get(i);
        if (age > FLASH_S) break;
        const flow = d.flow.get(i);
        const pos = lay.dropAt(s.links[d.link.get(i)] ?? '', flow, d.reason.get(i) === DropReason.Exogenous);
        flashes.push({
          k: i,
          x: pos.x + ((i * 7) % 11) - 5,
          y: pos.y + ((i * 5) % 9) - 4,
          color: flowColor(flow),
          age,
        });
      }
      svg
        .select('g.drops')
        .selectAll<SVGCircleElement, (typeof flashes)[number]>('circle')
        .data(flashes)
        .join('circle')
        .attr('cx', (f) => f.x)
        .attr('cy', (f) => f.y)
        .attr('r', (f) => 3 + 4 * (1 - f.age / FLASH_S))
        .attr('fill', (f) => f.color)
        .attr('opacity', (f) => Math.max(0.1, 1 - f.age / FLASH_S));
    });
  }, [sim, onScreen]);

  return (
    <section className="panel topology-panel" aria-labelledby="topo-title">
      <h2 id="topo-title">Topology</h2>
      <div ref={wrapRef} className="topology">
        <svg ref={svgRef} role="img" aria-label={describe(snap)} height={HEIGHT} />
      </div>
      <p className="muted small">
        The bar is the bottleneck queue; dots are drops in the last {FLASH_S} s, in the colour of their flow (exogenous
        drops on the receiver side).
      </p>
    </section>
  );
}

function describe(s: SimSnapshot): string {
  const kind = s.manifest?.topology;
  const name = kind ? (s.specs.find((sp) => sp.key === 'topology.kind')?.optionLabels?.[kind] ?? kind) : 'unknown';
  return `Topology: ${name} with ${s.flowCount} flows`;
}

function drawStatic(svgEl: SVGSVGElement, lay: Layout, s: SimSnapshot, width: number): void {
  const svg = d3.select(svgEl).attr('width', width).attr('viewBox', `0 0 ${width} ${HEIGHT}`);
  svg.selectAll('*').remove();
  const g = svg.append('g');
  g.selectAll('line.link')
    .data(lay.links)
    .join('line')
    .attr('class', (l) => `link${l.main ? ' main' : ''}`)
    .attr('x1', (l) => l.x1)
    .attr('y1', (l) => l.y1)
    .attr('x2', (l) => l.x2)
    .attr('y2', (l) => l.y2);
  g.selectAll('text.link-label')
    .data(lay.links.filter((l) => l.label))
    .join('text')
    .attr('class', 'link-label')
    .attr('x', (l) => (l.x1 + l.x2) / 2)
    .attr('y', (l) => (l.y1 + l.y2) / 2 + (l.below ? 26 : -4))
    .attr('text-anchor', 'middle')
    .text((l) => l.label!);
  const exo = s.manifest ? exoLossText(s.specs, s.manifest) : null;
  if (exo) {
    g.append('text')
      .attr('class', 'link-label exo-label')
      .attr('x', lay.exoLabel.x)
      .attr('y', lay.exoLabel.y)
      .attr('text-anchor', 'middle')
      .text(exo);
  }
  g.selectAll('circle.node')
    .data(lay.nodes)
    .join('circle')
    .attr('class', (n) => `node${n.router ? ' router' : ''}`)
    .attr('cx', (n) => n.x)
    .attr('cy', (n) => n.y)
    .attr('r', (n) => (n.router ? 10 : 5))
    .attr('fill', (n) => (n.flow !== undefined ? flowColor(n.flow) : null));
  g.selectAll('text.node-label')
    .data(lay.nodes.filter((n) => n.label))
    .join('text')
    .attr('class', 'node-label')
    .attr('x', (n) => n.x)
    .attr('y', (n) => n.y + (n.router ? -14 : 3))
    .attr('dx', (n) => (n.router ? 0 : n.x < width / 2 ? -9 : 9))
    .attr('text-anchor', (n) => (n.router ? 'middle' : n.x < width / 2 ? 'end' : 'start'))
    .text((n) => n.label!);
  const q = lay.queue;
  g.append('rect').attr('class', 'queue-box').attr('x', q.x).attr('y', q.y).attr('width', q.w).attr('height', q.h);
  g.append('rect')
    .attr('class', 'queue-fill')
    .attr('x', q.x + q.w)
    .attr('y', q.y)
    .attr('width', 0)
    .attr('height', q.h);
  g.append('text')
    .attr('class', 'queue-label')
    .attr('x', q.x + q.w / 2)
    .attr('y', q.y - 5)
    .attr('text-anchor', 'middle');
  svg.append('g').attr('class', 'drops');
}
