// The time chart's exports: its SVG as drawn now (for the PNG/SVG buttons and for the page's
// "all charts" export, registered under the chart's id).
import { type RefObject, useEffect, useRef, useState } from 'react';
import { downloadBlob, downloadText, svgToPng, themeColors } from '../ui/download';
import type { ChartModel } from './chartModel';
import { registerChartExport } from './chartExports';
import { type Frame, drawSvg, exportSvg, layout } from './renderTimeChart';

export function useChartExport(
  model: ChartModel,
  svgRef: RefObject<SVGSVGElement | null>,
  frame: () => Frame,
  visible: RefObject<boolean>,
) {
  const [exporting, setExporting] = useState(false);
  const svgNow = (colors = themeColors()): { text: string; width: number; height: number } | null => {
    const svg = svgRef.current;
    const f = { ...frame(), hoverT: null };
    if (!svg || f.width <= 0) return null;
    const dr = layout(f);
    // A chart scrolled out of view has not drawn its axes lately: draw them for the export.
    if (!visible.current) drawSvg(svg, f, dr);
    return { text: exportSvg(svg, f, dr, colors), width: f.width, height: f.height };
  };
  const svgNowRef = useRef(svgNow);
  svgNowRef.current = svgNow;
  useEffect(
    () =>
      registerChartExport(model.id, (colors) => {
        const e = svgNowRef.current(colors);
        return e ? { id: model.id, title: model.title, svg: e.text, width: e.width, height: e.height } : null;
      }),
    [model.id, model.title],
  );

  const doExport = async (kind: 'png' | 'svg') => {
    setExporting(true);
    try {
      const e = svgNow();
      if (!e) return;
      if (kind === 'svg') downloadText(e.text, `${model.id}.svg`, 'image/svg+xml');
      else downloadBlob(await svgToPng(e.text, e.width, e.height), `${model.id}.png`);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, doExport };
}
