// The scenario editor's control for a user's own delivery trace (topology.traceMs or
// traceUpMs): a file chooser rather than thousands of numbers in a box. Choosing a file sets the
// direction's trace to "custom" with the file's times (kept in the page) and its name (kept in
// the link); without the times it says which file the scenario needs.
import { useId, useState } from 'react';
import type { Json, ParamSpec, Scenario } from '../params/types';
import { getPath } from '../../../wasm-core/js/paths.mjs';
import { groupThousands } from '../params/units';
import { type TraceDirection, parseTraceText, traceFields, withTraceFile } from '../scenario/traceFile';

export function TraceFileInput({
  spec,
  draft,
  problem,
  onDraft,
}: {
  spec: ParamSpec;
  draft: Scenario;
  problem: string | null;
  onDraft: (s: Scenario) => void;
}) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const dir: TraceDirection = spec.key === 'topology.traceUpMs' ? 'up' : 'down';
  const f = traceFields(dir);
  const ms = getPath(draft, `topology.${f.ms}`) as Json | undefined;
  const file = getPath(draft, `topology.${f.file}`) as Json | undefined;
  const status = Array.isArray(ms)
    ? `${groupThousands(ms.length)} delivery times${typeof file === 'string' ? ` from ${file}` : ''}`
    : typeof file === 'string'
      ? `needs the file ${file}: choose it again`
      : 'no file chosen';
  return (
    <div className="param" data-testid={`trace-file-${dir}`}>
      <label htmlFor={id}>{dir === 'up' ? 'Uplink trace file' : 'Trace file'}</label>
      <span className="param-input">
        <input
          id={id}
          type="file"
          accept=".txt,.down,.up,.pps,text/plain"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            void file.text().then((text) => {
              const r = parseTraceText(text);
              if ('error' in r) setError(`${file.name}: ${r.error}`);
              else {
                setError(null);
                onDraft(withTraceFile(draft, dir, file.name, r.ms));
              }
            });
          }}
        />
        <span className="muted">{status}</span>
      </span>
      {error || problem ? (
        <span className="param-error" role="alert">
          {error ?? problem}
        </span>
      ) : null}
    </div>
  );
}
