// Each drawn time chart registers how to export itself as SVG (the same export as its SVG
// button), so a page of several charts (the printable summary) can collect them as images.

export interface ChartImage {
  id: string;
  title: string;
  svg: string;
  width: number;
  height: number;
}

export interface ExportColors {
  bg: string;
  fg: string;
}

type Exporter = (colors?: ExportColors) => ChartImage | null;
const exporters = new Map<string, Exporter>();

export function registerChartExport(id: string, f: Exporter): () => void {
  exporters.set(id, f);
  return () => {
    if (exporters.get(id) === f) exporters.delete(id);
  };
}

/** SVG images of the charts on the page now: those of `ids` in that order, or all as registered. */
export function exportCharts(ids?: readonly string[], colors?: ExportColors): ChartImage[] {
  const out: ChartImage[] = [];
  for (const id of ids ?? [...exporters.keys()]) {
    const img = exporters.get(id)?.(colors);
    if (img) out.push(img);
  }
  return out;
}
