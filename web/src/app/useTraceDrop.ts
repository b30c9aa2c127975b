// A delivery-trace file dropped anywhere on the page: the bottleneck's data direction follows it
// (topology.trace "custom", the file's times kept in the page, its name in the link) and the run
// starts again. A file that is not a trace is refused with the line that is wrong.
import { useEffect, useRef } from 'react';
import type { AppStateApi } from '../url/appStateApi';
import { parseTraceText, withTraceFile } from '../scenario/traceFile';

export function useTraceDrop(app: AppStateApi, enabled: boolean): void {
  const appRef = useRef(app);
  appRef.current = app;
  useEffect(() => {
    if (!enabled) return;
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      void file.text().then((text) => {
        const a = appRef.current;
        const r = parseTraceText(text);
        if ('error' in r) a.addError(`Trace file ${file.name}: ${r.error}`);
        else a.applyScenario(a.state.preset, withTraceFile(a.state.scenario, 'down', file.name, r.ms));
      });
    };
    window.addEventListener('dragover', over);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragover', over);
      window.removeEventListener('drop', drop);
    };
  }, [enabled]);
}
