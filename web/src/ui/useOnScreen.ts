// Whether an element is on screen (or within `margin` of it), for painters that should skip
// their work while off screen and catch up when scrolled into view. A ref, not state: reading
// it never re-renders; becoming visible requests a frame so the painter runs at once.
import { type RefObject, useEffect, useRef } from 'react';
import { requestFrame } from '../store/frameLoop';

export function useOnScreen(ref: RefObject<Element | null>, margin = '100px'): RefObject<boolean> {
  const visible = useRef(true);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver !== 'function') return;
    const io = new IntersectionObserver(
      (entries) => {
        visible.current = entries.some((e) => e.isIntersecting);
        if (visible.current) requestFrame();
      },
      { rootMargin: margin },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [ref, margin]);
  return visible;
}
