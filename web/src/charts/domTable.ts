// DOM pieces the charts write outside React (their values change every frame): elements holding
// text (a string is never read as HTML) and a chart's data table.
import type { ChartTable } from './chartReadout';

/** An element holding `children` as text and nodes (a string is never read as HTML). */
export function el(tag: string, className?: string, ...children: (Node | string)[]): HTMLElement {
  const e = document.createElement(tag);
  if (className) e.className = className;
  e.append(...children);
  return e;
}

/** A line's colour as a small square. */
export function swatch(color: string): HTMLElement {
  const sw = el('span', 'sw');
  sw.style.background = color;
  return sw;
}

/** A header cell of a column or a row. */
function th(text: string, scope: 'col' | 'row'): HTMLElement {
  const c = el('th', undefined, text);
  c.setAttribute('scope', scope);
  return c;
}

/**
 * A chart's table into `box`: a caption, a header row, then a row per entry whose first cell
 * (a time, a flow) heads the row.
 */
export function writeTable(box: HTMLElement, t: ChartTable): void {
  const body = t.rows.map(([first, ...cells]) =>
    el('tr', undefined, th(first!, 'row'), ...cells.map((c) => el('td', undefined, c))),
  );
  box.replaceChildren(
    el(
      'table',
      'chart-table',
      el('caption', undefined, t.caption),
      el('thead', undefined, el('tr', undefined, ...t.header.map((h) => th(h, 'col')))),
      el('tbody', undefined, ...body),
    ),
  );
}
