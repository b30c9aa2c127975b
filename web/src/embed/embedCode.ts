// The link and the iframe code the embed builder writes (docs/teaching.md).
import type { PanelId } from '../url/viewState';
import { type AppState, defaultState, encodeState } from '../url/scenarioUrl';

export interface EmbedChoice {
  /** null: the scenario on screen; else a lesson id (public/lessons/<id>/). */
  lesson: string | null;
  panels: PanelId[];
  /** Lock ids students may change; null: nothing locked. */
  unlock: string[] | null;
  student: boolean;
  width: number;
  height: number;
  autoHeight: boolean;
}

export function embedUrl(state: AppState, c: EmbedChoice, base: string): string {
  const from = c.lesson === null ? state : defaultState();
  const hash = encodeState({
    ...from,
    view: { ...from.view, panels: c.panels },
    teach: { compare: null, unlock: c.unlock, student: c.student },
  });
  return `${base}?embed=1${hash}${c.lesson === null ? '' : `&lesson=${encodeURIComponent(c.lesson)}`}`;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The iframe, and with auto height the few lines of script that let it follow the page's height. */
export function embedSnippet(url: string, c: EmbedChoice, id = 'bottleneck-lab'): string {
  const style = c.autoHeight ? 'border:0;width:100%;max-width:100%' : 'border:0';
  // The id is for the script of auto height only.
  const iframe = `<iframe ${c.autoHeight ? `id="${id}" ` : ''}src="${attr(url)}" width="${c.width}" height="${c.height}" style="${style}" loading="lazy" title="Bottleneck Lab simulation"></iframe>`;
  if (!c.autoHeight) return iframe;
  return `${iframe}
<script>
  // Bottleneck Lab reports its height; size the iframe to fit.
  window.addEventListener('message', function (e) {
    var f = document.getElementById('${id}');
    if (f && e.source === f.contentWindow && e.data && e.data.type === 'bottleneck-lab:height') f.style.height = e.data.height + 'px';
  });
</script>`;
}
