// The embed builder's live preview: the embed URL, reloaded after a pause (typing a width should
// not restart it each key); the frame at the chosen size, scaled down to the room the dialog
// has; with auto height, the height the page in the frame reports (as the host page's frame
// will follow it).
import { useEffect, useRef, useState } from 'react';
import { MSG_PREFIX } from './hostMessages';

/** How long the preview waits after the last change before it reloads, ms. */
const RELOAD_PAUSE_MS = 400;

export function useEmbedPreview(
  url: string,
  size: { width: number; height: number; autoHeight: boolean },
  /** The dialog is open and the preview shown (the box to measure is there). */
  shown: boolean,
) {
  const [previewUrl, setPreviewUrl] = useState(url);
  useEffect(() => {
    const t = setTimeout(() => setPreviewUrl(url), RELOAD_PAUSE_MS);
    return () => clearTimeout(t);
  }, [url]);
  const [room, setRoom] = useState(0);
  const [reported, setReported] = useState<number | null>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setRoom(el.clientWidth));
    ro.observe(el);
    setRoom(el.clientWidth);
    return () => ro.disconnect();
  }, [shown]);
  useEffect(() => {
    setReported(null);
    const onMsg = (e: MessageEvent) => {
      const d = e.data as { type?: unknown; height?: unknown } | null;
      if (
        e.source === frameRef.current?.contentWindow &&
        d?.type === `${MSG_PREFIX}height` &&
        typeof d.height === 'number'
      )
        setReported(d.height);
    };
    window.addEventListener('message', onMsg);
    return () => window.removeEventListener('message', onMsg);
  }, [previewUrl]);
  const scale = room > 0 ? Math.min(1, room / size.width) : 1;
  const frameHeight = size.autoHeight ? (reported ?? size.height) : size.height;
  return { previewUrl, frameRef, boxRef, scale, frameHeight };
}
