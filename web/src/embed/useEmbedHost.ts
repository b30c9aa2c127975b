// An embedded page and its host: reports the page's height whenever it changes (so the host can
// size the iframe), and answers host messages (hostMessages.ts), each checked against the lock
// list before it reaches the simulation. Refusals are shown on the page and told to the host.
import { useEffect, useRef } from 'react';
import type { SimController } from '../sim/simController';
import { MSG_PREFIX, parseHostMessage } from './hostMessages';

export function reportHeight(target: Window, el: HTMLElement): () => void {
  let last = -1;
  const send = () => {
    const height = Math.ceil(el.getBoundingClientRect().height);
    if (height !== last) { last = height; target.postMessage({ type: `${MSG_PREFIX}height`, height }, '*'); }
  };
  const ro = new ResizeObserver(send);
  ro.observe(el);
  send();
  return () => ro.disconnect();
}

export function useEmbedHost(enabled: boolean, sim: SimController, unlock: string[] | null, onRefused: (m: string) => void): void {
  const ctx = useRef({ unlock, onRefused });
  ctx.current = { unlock, onRefused };

  useEffect(() => {
    if (!enabled) return;
    const root = document.getElementById('root');
    return root && window.parent !== window ? reportHeight(window.parent, root) : undefined;
  }, [enabled]);

  useEffect(() => {
    if (!enabled) return;
    const onMessage = (ev: MessageEvent) => {
      const snap = sim.getSnapshot();
      const parsed = parseHostMessage(ev.data, snap.specs, snap.scenario, ctx.current.unlock);
      if (parsed === null) return;
      const request = (ev.data as { type: string }).type;
      const reply = (ok: boolean, message?: string) => {
        const src = ev.source as Window | null;
        if (src && typeof src.postMessage === 'function') src.postMessage({ type: `${MSG_PREFIX}result`, ok, request, ...(message ? { message } : {}) }, '*');
      };
      if (!parsed.ok) { ctx.current.onRefused(`from the host page: ${parsed.message}`); reply(false, parsed.message); return; }
      const c = parsed.command;
      if (c.kind === 'play') { if (sim.play()) reply(true); else reply(false, sim.getSnapshot().hold ?? 'cannot play now'); return; }
      if (c.kind === 'pause') { sim.pause(); reply(true); return; }
      sim.setParam(c.entity, c.key, c.value).then(() => reply(true), (e: Error) => {
        ctx.current.onRefused(`from the host page: ${e.message}`);
        reply(false, e.message);
      });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [enabled, sim]);
}
