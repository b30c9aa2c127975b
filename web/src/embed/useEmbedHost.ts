// An embedded page and its host: reports the page's height whenever it changes (so the host can
// size the iframe), and answers host messages (hostMessages.ts), each checked against the lock
// list before it reaches the simulation. Refusals are shown on the page and told to the host.
import { useEffect, useRef } from 'react';
import type { SimController } from '../run/simController';
import type { CheckProblem } from '../../../wasm-core/js/binding.mjs';
import { MSG_PREFIX, parseHostMessage } from './hostMessages';
import { courseOrigin } from './embedCode';
import { lockId, lockLabel } from './lock';
import { refusalText } from '../params/specs';
import { specForLive } from '../scenario/liveParams';

/**
 * Which host may command the page, from the embed code (`?embed=1&host=https://course.example`):
 * `origin` null when none is named (any parent); the named origin, whose messages alone are
 * read and to which replies and height reports go; or, when `host=` is not a valid origin
 * (`host=course.example`, no scheme), `refused`: no host message is answered (issue 28: a
 * malformed host once let any parent command the page), and the instructor is told why.
 */
export type HostRule = { origin: string | null } | { refused: string };

export function hostRule(search: string = location.search): HostRule {
  const r = courseOrigin(new URLSearchParams(search).get('host') ?? '');
  if (r.ok) return { origin: r.origin };
  return {
    refused: `host=: ${r.message.replace(/^Course page origin: /, '')}; messages from the host page are refused until the embed code names it so`,
  };
}

/** The named host's origin (null when none is named or the name is not a valid origin). */
export function namedHostOrigin(search: string = location.search): string | null {
  const r = hostRule(search);
  return 'origin' in r ? r.origin : null;
}

/**
 * Whether a message event may command this embedded page: it must come from the parent
 * window (not another frame of the host page) and, when the host origin is named, from it.
 */
export function acceptHostMessage(
  ev: { source: unknown; origin: string },
  parent: Window,
  self: Window,
  host: string | null,
): boolean {
  if (parent === self || ev.source !== parent) return false;
  return host === null || ev.origin === host;
}

export function reportHeight(target: Window, el: HTMLElement, origin = '*'): () => void {
  let last = -1;
  const send = () => {
    const height = Math.ceil(el.getBoundingClientRect().height);
    if (height !== last) {
      last = height;
      target.postMessage({ type: `${MSG_PREFIX}height`, height }, origin);
    }
  };
  // The observer's first call (at the next rendering step) is the first report: a report made now
  // would measure a layout that effects still to run change (the charts' grid), and a frame of
  // auto height that grew to it would keep the extra height (the page is at least the frame tall).
  const ro = new ResizeObserver(send);
  ro.observe(el);
  return () => ro.disconnect();
}

/**
 * The open lesson's hand-in record for the host (App wires it to lessons/handIn.ts): `get` gives
 * the record and its xAPI statements, or null when no lesson is open; `watch` calls back at each
 * answer and reveal.
 */
export interface LessonRecordSource {
  get: () => { record: object; statements: object[] } | null;
  watch: (f: () => void) => () => void;
}

export function useEmbedHost(
  enabled: boolean,
  sim: SimController,
  unlock: string[] | null,
  onRefused: (m: string) => void,
  lessonRecord?: LessonRecordSource,
): void {
  const ctx = useRef({ unlock, onRefused, lessonRecord });
  ctx.current = { unlock, onRefused, lessonRecord };

  useEffect(() => {
    if (!enabled) return;
    const root = document.getElementById('root');
    const rule = hostRule();
    if ('refused' in rule) return undefined; // no host named validly: nothing goes to any parent
    return root && window.parent !== window ? reportHeight(window.parent, root, rule.origin ?? '*') : undefined;
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    const rule = hostRule();
    if ('refused' in rule) {
      ctx.current.onRefused(rule.refused);
      return;
    }
    const host = rule.origin;
    let unwatch: (() => void) | null = null;
    const onMessage = (ev: MessageEvent) => {
      if (!acceptHostMessage(ev, window.parent, window, host)) return;
      const snap = sim.getSnapshot();
      const parsed = parseHostMessage(ev.data, snap.specs, snap.manifest, ctx.current.unlock);
      if (parsed === null) return;
      const request = (ev.data as { type: string }).type;
      const reply = (ok: boolean, message?: string) => {
        // To the sender's origin only (the named host's, as checked above); '*' only for an
        // opaque origin ("null": a sandboxed or file:// host), which cannot be named.
        const to = ev.origin && ev.origin !== 'null' ? ev.origin : '*';
        window.parent.postMessage({ type: `${MSG_PREFIX}result`, ok, request, ...(message ? { message } : {}) }, to);
      };
      if (!parsed.ok) {
        ctx.current.onRefused(`from the host page: ${parsed.message}`);
        reply(false, parsed.message);
        return;
      }
      const c = parsed.command;
      if (c.kind === 'play') {
        if (sim.play()) reply(true);
        else reply(false, sim.getSnapshot().hold ?? 'cannot play now');
        return;
      }
      if (c.kind === 'pause') {
        sim.pause();
        reply(true);
        return;
      }
      if (c.kind === 'lesson-record' || c.kind === 'watch-lesson') {
        const source = ctx.current.lessonRecord;
        const to = ev.origin && ev.origin !== 'null' ? ev.origin : '*';
        const send = () => {
          const r = source?.get();
          if (r) window.parent.postMessage({ type: `${MSG_PREFIX}record`, ...r }, to);
        };
        if (!source?.get()) {
          reply(false, 'no lesson is open in this page');
          return;
        }
        reply(true);
        send();
        if (c.kind === 'watch-lesson' && !unwatch) unwatch = source.watch(send);
        return;
      }
      sim.setParam(c.entity, c.key, c.value).then(
        () => reply(true),
        (e: Error & { problem?: CheckProblem | null }) => {
          // The page says it by the control's label and units; the host gets the core's words.
          const { specs, manifest } = sim.getSnapshot();
          const spec = specForLive(specs, manifest, c.entity, c.key);
          const said = spec ? `${lockLabel(specs, lockId(c.entity, c.key))}: ${refusalText(e, spec)}` : e.message;
          ctx.current.onRefused(`from the host page: ${said}`);
          reply(false, e.message);
        },
      );
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      unwatch?.();
    };
  }, [enabled, sim]);
}
