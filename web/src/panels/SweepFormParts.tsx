// The sweep form's pure parts: its text and number settings and the table of per-value means.
import type { ParamSpec } from '../params/types';
import type { aggregate } from '../sweep/aggregate';
import { fmtTick } from '../charts/renderTimeChart';

/** The per-value means as numbers (over seeds; n runs), one column per series. */
export function SweepTable({ means, series }: { means: ReturnType<typeof aggregate>; series: string[] }) {
  const keys = [...new Set([...means.values()].flatMap((ps) => ps.map((p) => p.key)))].sort((a, b) => a - b);
  if (!keys.length) return null;
  return (
    <table className="sweep-table small">
      <thead>
        <tr>
          <th>value</th>
          {series.map((s) => (
            <th key={s}>{s || 'mean'}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr key={k}>
            <td>{k}</td>
            {series.map((s) => {
              const p = means.get(s)?.find((q) => q.key === k);
              return (
                <td key={s} data-series={s} data-value={k}>
                  {p ? `${fmtTick(Number(p.y.toPrecision(3)))}${p.n > 1 ? ` (n=${p.n})` : ''}` : ''}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A text setting of the sweep form. */
export function TextSetting({
  label,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
}) {
  return (
    <label>
      {label}
      <input
        aria-label={label}
        className="txt"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        spellCheck={false}
      />
    </label>
  );
}

/**
 * A number setting of the sweep form, bounded by its spec (sweepNumberSpecs: the scenario's own
 * for the run length, the sweep runner's for seeds and workers). A whole-number setting is
 * rounded down and held at its lower bound as it is typed; the URL decoder checks the rest.
 */
export function NumberSetting({
  label,
  text = label,
  spec,
  value,
  onChange,
}: {
  label: string;
  text?: string;
  spec: ParamSpec | undefined;
  value: number;
  onChange: (v: number) => void;
}) {
  const integer = spec?.type === 'integer';
  const lo = spec?.min;
  return (
    <label>
      {text}
      <input
        aria-label={label}
        type="number"
        className="num"
        min={lo}
        max={spec?.max}
        step={integer ? 1 : 'any'}
        value={value}
        onChange={(e) => {
          const n = Number(e.target.value);
          onChange(integer ? Math.max(lo ?? 0, Math.floor(n || (lo ?? 0))) : n);
        }}
      />
    </label>
  );
}
