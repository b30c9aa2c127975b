// Chart legend: one toggle button per flow (hides/shows its lines in every chart; a double
// click or Shift+click shows that flow alone), a plain
// entry for lines that are not flows, and one for each reference line that asks for it; then
// the chart's own buttons of the row (its Table button), where the last row has room.
import { useContext } from 'react';
import { type HLine, type LineDef, lineKey } from './chartModel';
import { FlowNames } from './flowNames';

const dashed = (color: string) => `repeating-linear-gradient(90deg, ${color} 0 4px, transparent 4px 7px)`;

export function Legend({
  lines,
  refs = [],
  hidden,
  onToggleFlow,
  children,
}: {
  children?: React.ReactNode;
  lines: LineDef[];
  refs?: HLine[] | undefined;
  hidden: ReadonlySet<number>;
  onToggleFlow: (flow: number, solo?: boolean) => void;
}) {
  const names = useContext(FlowNames);
  const flows = new Map<number, LineDef>();
  const other: LineDef[] = [];
  for (const l of lines) {
    // Lines that share a label (an overlay's upper and lower range) share one entry.
    if (l.flow === undefined) {
      if (!other.some((o) => (o.legend ?? o.label) === (l.legend ?? l.label))) other.push(l);
    } else if (!flows.has(l.flow)) flows.set(l.flow, l);
  }
  return (
    <div className="legend" role="group" aria-label="Legend">
      {other.map((l) => (
        <span key={lineKey(l)} className="legend-item">
          <span
            className={l.bandTo === undefined ? 'sw' : 'sw sw-band'}
            aria-hidden="true"
            style={{ background: l.dash?.length ? dashed(l.color) : l.color }}
          />
          {l.legend ?? l.label}
        </span>
      ))}
      {refs.map((h) => (
        <span key={`ref-${h.label}`} className="legend-item legend-ref">
          <span className="sw" aria-hidden="true" style={{ background: dashed(h.color ?? 'currentColor') }} />
          {h.legend}
        </span>
      ))}
      {[...flows].map(([flow, l]) => (
        <button
          key={flow}
          type="button"
          className="legend-item legend-toggle"
          aria-pressed={!hidden.has(flow)}
          onClick={(e) => onToggleFlow(flow, e.altKey || e.shiftKey || e.detail === 2)}
          title={`Show or hide flow ${flow}; double-click (or Shift+click) to show flow ${flow} alone, again to show all`}
        >
          <span className="sw" style={{ background: l.color }} aria-hidden="true" />
          {names?.[flow] ? `${flow} ${names[flow]}` : flow}
        </button>
      ))}
      {children}
    </div>
  );
}
