// The sweep plot (SVG, redrawn when results arrive or the measure changes) with its legend.
import { useEffect, useRef, useState } from 'react';
import { DASH, type SweepPlotData, drawSweepPlot, seriesColor } from './renderSweepPlot';

export function SweepPlot({ data }: { data: Omit<SweepPlotData, 'width' | 'height'> }) {
  const box = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(640);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(Math.max(320, Math.floor(el.clientWidth))));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  useEffect(() => {
    if (svg.current) drawSweepPlot(svg.current, { ...data, width, height: 340 });
  }, [data, width]);

  return (
    <div className="sweep-plot" ref={box}>
      <svg ref={svg} className="chart-svg static" role="img" aria-label={`${data.yLabel} against ${data.xLabel}`} />
      <div className="legend" aria-label="Sweep legend">
        {data.series.map((s) => (
          <span key={`s-${s}`} className="legend-item">
            <span className="sw" aria-hidden="true" style={{ background: seriesColor(data.series, s) }} />
            {s || 'runs'}
          </span>
        ))}
        {data.overlays.map((l) => (
          <span key={`o-${l.label}`} className="legend-item">
            <svg width="22" height="8" aria-hidden="true">
              <line
                x1="0"
                y1="4"
                x2="22"
                y2="4"
                stroke={seriesColor(data.series, l.series)}
                strokeWidth="1.5"
                strokeDasharray={DASH[l.kind]}
              />
            </svg>
            {l.label}
          </span>
        ))}
      </div>
    </div>
  );
}
