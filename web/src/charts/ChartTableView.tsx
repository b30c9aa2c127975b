// A chart's Table button and the box its table is written into (by the chart's painter, outside
// React): the button says whether the table is open and which box it controls.
import { useId, useRef, useState } from 'react';

export function useChartTable(title: string): {
  open: boolean;
  ref: React.RefObject<HTMLDivElement | null>;
  button: React.ReactElement;
  box: React.ReactElement;
} {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const id = `${useId()}-table`;
  const button = (
    <button
      type="button"
      className="chart-table-toggle"
      aria-expanded={open}
      aria-controls={id}
      aria-label={`Table of ${title}`}
      onClick={() => setOpen((o) => !o)}
    >
      Table
    </button>
  );
  const box = (
    <div
      id={id}
      ref={ref}
      className="chart-table-wrap"
      hidden={!open}
      role="region"
      aria-label={`Table of ${title}`}
      tabIndex={0}
    />
  );
  return { open, ref, button, box };
}
