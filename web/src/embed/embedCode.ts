// The link and the iframe code the embed builder writes (docs/teaching.md).
import type { ChartId, PanelId } from '../url/viewState';
import { type AppState, defaultState, encodeState } from '../url/scenarioUrl';
import type { Manifest } from '../params/types';
import { embedFit } from './fit';

export interface EmbedChoice {
  /** null: the scenario on screen; else a lesson id (public/lessons/<id>/). */
  lesson: string | null;
  panels: PanelId[];
  /** Charts shown (a lesson's steps choose their own). */
  charts: ChartId[];
  /** Lock ids students may change; null: nothing locked. */
  unlock: string[] | null;
  student: boolean;
  width: number;
  height: number;
  autoHeight: boolean;
  /** The course page's origin the embed takes messages from (`&host=`); '' when not named. */
  host: string;
}

/**
 * The origin of a course page as typed ("https://course.example/week3" -> "https://course.example"):
 * null when empty, an error naming the field when it is not an http(s) address.
 */
export function courseOrigin(text: string): { ok: true; origin: string | null } | { ok: false; message: string } {
  const t = text.trim();
  if (t === '') return { ok: true, origin: null };
  try {
    const u = new URL(t);
    if ((u.protocol === 'https:' || u.protocol === 'http:') && u.origin !== 'null')
      return { ok: true, origin: u.origin };
  } catch {
    /* reported below */
  }
  return {
    ok: false,
    message: `Course page origin: "${t}" is not a web address; expected https:// (or http://) and a host, such as https://course.example`,
  };
}

/**
 * Frame sizes offered by the builder: at each, the chosen charts share the frame (embed/fit.ts)
 * and the builder says when they cannot (docs/teaching.md, "Sizes").
 */
export const SIZE_PRESETS: { id: string; label: string; width: number; height: number }[] = [
  { id: 'narrow', label: 'Narrow, a sidebar or phone (400 x 600)', width: 400, height: 600 },
  { id: 'small', label: 'Small (640 x 480)', width: 640, height: 480 },
  { id: 'medium', label: 'Medium (900 x 640)', width: 900, height: 640 },
  { id: 'large', label: 'Large (1200 x 800)', width: 1200, height: 800 },
];

export function embedUrl(state: AppState, c: EmbedChoice, base: string): string {
  const from = c.lesson === null ? state : defaultState();
  const hash = encodeState({
    ...from,
    view: { ...from.view, panels: c.panels, charts: c.charts },
    teach: { compare: null, unlock: c.unlock, student: c.student },
  });
  // Auto height: the page is at least the chosen height, and otherwise as tall as what it shows,
  // so the height it reports follows its content both ways (embedMinHeight).
  const auto = c.autoHeight ? `&auto=${c.height}` : '';
  const query = `?embed=1${c.host ? `&host=${encodeURIComponent(c.host)}` : ''}${auto}`;
  if (c.lesson === null) return `${base}${query}${hash}`;
  // A lesson: a bare lesson link (no scenario keys), so the page opens the lesson's own first
  // step, with the embed's view and teaching keys.
  const keep = hash
    .slice(1)
    .split('&')
    .filter((p) => /^(view\.|unlock=|student=)/.test(p));
  return `${base}${query}#${[`lesson=${encodeURIComponent(c.lesson)}`, ...keep].join('&')}`;
}

/**
 * The least height of an auto-height embed (`&auto=640` in its link), or null for a fixed frame
 * (the page then fills the frame: at least 100vh) and for a value that is not a whole number of
 * pixels from 100 to 10000. With auto height the page must not be at least the frame's height: the
 * host sizes the frame from the page's height, which then could only grow.
 */
export function embedMinHeight(search: string = location.search): number | null {
  const v = new URLSearchParams(search).get('auto');
  if (v === null || !/^\d+$/.test(v)) return null;
  const h = Number(v);
  return h >= 100 && h <= 10_000 ? h : null;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The iframe, and with auto height the few lines of script that let it follow the page's height. */
export function embedSnippet(url: string, c: EmbedChoice, id = 'bottleneck-lab'): string {
  const style = c.autoHeight ? `border:0;width:100%;max-width:${c.width}px` : 'border:0';
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

/**
 * Whether what is chosen fits the size: the charts the run draws (BBR's only with BBR flows),
 * the live controls students may change (the locked ones fold under one line). `empty` says why
 * the embed would show no chart though its charts panel is on (none chosen, or none this run
 * draws); null when it shows one (or a lesson's steps choose them).
 */
export function choiceFit(c: EmbedChoice, lockable: readonly { id: string }[], manifest: Manifest | null) {
  const drawn = c.charts.filter((id) => id !== 'bbr' || manifest?.flows.some((f) => f.cc.startsWith('bbr'))).length;
  const allowed = c.unlock === null ? lockable.length : lockable.filter((l) => c.unlock!.includes(l.id)).length;
  const empty =
    c.lesson !== null || !c.panels.includes('charts') || drawn > 0
      ? null
      : c.charts.length === 0
        ? 'No chart is chosen, so the embed would show none: tick at least one under Charts to show.'
        : 'The BBR model chart is drawn only for BBR flows, and this run has none: tick another chart under Charts to show.';
  const fit = embedFit({
    width: c.width,
    height: c.height,
    autoHeight: c.autoHeight,
    panels: c.panels,
    charts: c.lesson === null ? drawn : 0,
    controls: allowed,
    locked: lockable.length - allowed,
    lesson: c.lesson !== null,
  });
  return { ...fit, empty };
}
