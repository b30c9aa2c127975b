// The loss schedule as a small table (from time, loss rate in %) instead of a JSON box; rows can
// be added and removed, and the raw JSON stays one click away for experts. The scenario keeps
// the core's form: [[t, rate], ...] with t in seconds and rate a fraction.
import { useEffect, useId, useState } from 'react';
import type { Json, ParamSpec } from '../params/types';
import { ParamControl } from './ParamControl';

type Row = { t: string; pct: string };

function toRows(v: Json | undefined): Row[] {
  if (!Array.isArray(v)) return [];
  return v
    .filter((st): st is [number, number] => Array.isArray(st) && typeof st[0] === 'number' && typeof st[1] === 'number')
    .map(([t, r]) => ({ t: String(t), pct: String(+(r * 100).toPrecision(6)) }));
}

/** The steps the rows describe, or why not (naming the row and the allowed range). */
export function rowsToSteps(
  rows: readonly Row[],
): { ok: true; steps: [number, number][] } | { ok: false; message: string } {
  const steps: [number, number][] = [];
  for (let i = 0; i < rows.length; i++) {
    const t = Number(rows[i]!.t.replace(/\s*s$/, ''));
    const p = Number(rows[i]!.pct.replace(/\s*%$/, ''));
    if (rows[i]!.t.trim() === '' || !Number.isFinite(t) || t < 0)
      return { ok: false, message: `row ${i + 1}: the time must be a number of seconds from 0` };
    if (rows[i]!.pct.trim() === '' || !Number.isFinite(p) || p < 0 || p > 100)
      return { ok: false, message: `row ${i + 1}: the loss rate must be from 0 % to 100 %` };
    steps.push([t, p / 100]);
  }
  steps.sort((a, b) => a[0] - b[0]);
  return { ok: true, steps };
}

export function StepsEditor({
  spec,
  value,
  onCommit,
  problem = null,
}: {
  spec: ParamSpec;
  value: Json | undefined;
  onCommit: (v: Json) => void;
  /** What the core's check says about the steps (shown under the table). */
  problem?: string | null;
}) {
  const id = useId();
  const [rows, setRows] = useState<Row[]>(() => toRows(value));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setRows(toRows(value));
    setError(null);
  }, [value]);
  const commit = (next: Row[]) => {
    setRows(next);
    const r = rowsToSteps(next);
    setError(r.ok ? null : r.message);
    if (r.ok) onCommit(r.steps);
  };
  const edit = (i: number, k: keyof Row, v: string) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, [k]: v } : r)));
  /** One number of a step: edited as text, committed (all rows) on leaving it or on Enter. */
  const cell = (i: number, k: keyof Row, label: string) => (
    <td>
      <input
        className="num"
        value={rows[i]![k]}
        aria-label={label}
        inputMode="decimal"
        onChange={(e) => edit(i, k, e.target.value)}
        onBlur={() => commit(rows)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(rows);
          }
        }}
      />
    </td>
  );
  return (
    <div className="steps-editor" data-key={spec.key}>
      <table>
        <caption className="small">{spec.label}: from each time on, every packet is lost with this probability</caption>
        <thead>
          <tr>
            <th scope="col" id={`${id}-t`}>
              From (s)
            </th>
            <th scope="col" id={`${id}-p`}>
              Loss rate (%)
            </th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((_r, i) => (
            <tr key={i}>
              {cell(i, 't', `step ${i + 1} time (s)`)}
              {cell(i, 'pct', `step ${i + 1} loss rate (%)`)}
              <td>
                <button
                  type="button"
                  aria-label={`Remove step ${i + 1}`}
                  onClick={() => commit(rows.filter((_r, j) => j !== i))}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <button
        type="button"
        onClick={() => {
          const last = rowsToSteps(rows);
          const t = last.ok && last.steps.length ? last.steps[last.steps.length - 1]![0] + 10 : 0;
          commit([...rows, { t: String(t), pct: '0' }]);
        }}
      >
        Add a step
      </button>
      {error || problem ? (
        <p className="param-error" role="alert">
          {error ?? problem}
        </p>
      ) : null}
      <details>
        <summary className="small">Raw JSON</summary>
        <ParamControl spec={spec} value={value} onCommit={onCommit} />
      </details>
    </div>
  );
}
