// A step's equation, typeset by KaTeX (display mode). A TeX error shows the source, marked.
// A long equation is shrunk to fit the panel (down to 70 %); one still too wide scrolls
// sideways, with a visible scroll bar, a note saying so, and keyboard focus to scroll it.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import katex from 'katex';
import 'katex/dist/katex.min.css';

const MIN_SCALE = 0.7;

export default function Equation({ tex }: { tex: string }) {
  const html = useMemo(() => {
    try {
      return katex.renderToString(tex, { displayMode: true, throwOnError: true, output: 'htmlAndMathml' });
    } catch {
      return null;
    }
  }, [tex]);
  const ref = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState<{ scale: number; scrolls: boolean }>({ scale: 1, scrolls: false });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const inner = el.querySelector('.katex-html') ?? el;
      // Width of the typeset content (not of its block box) at full size, measured at full size
      // (the font size is put back before anything paints). Dividing the shrunk width by the
      // scale instead fed the scale back into itself: text does not shrink exactly in proportion
      // where glyphs snap to whole pixels, each scale gave the next, and the equation (and the
      // panel under it) moved by a pixel every frame, for good (seen in Chromium's headless shell).
      const applied = el.style.fontSize;
      el.style.fontSize = '100%';
      const range = document.createRange();
      range.selectNodeContents(inner);
      const natural = range.getBoundingClientRect().width;
      el.style.fontSize = applied;
      const room = el.clientWidth;
      if (!room || !natural) return;
      const scale = Math.max(MIN_SCALE, Math.min(1, room / natural));
      const scrolls = natural * scale > room + 1;
      setFit((f) => (Math.abs(f.scale - scale) < 0.01 && f.scrolls === scrolls ? f : { scale, scrolls }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    // KaTeX's fonts arriving change the equation's width, not the box's: measure again then.
    let alive = true;
    void document.fonts.ready.then(() => {
      if (alive) measure();
    });
    document.fonts.addEventListener('loadingdone', measure);
    return () => {
      alive = false;
      ro.disconnect();
      document.fonts.removeEventListener('loadingdone', measure);
    };
  }, [html]);
  if (html === null)
    return (
      <pre className="lesson-equation error" title="This equation could not be typeset">
        {tex}
      </pre>
    );
  return (
    <figure className="lesson-equation-box">
      {/* The page's one HTML sink, justified: KaTeX's own output from the TeX of a lesson this
          site serves (public/lessons/ID/lesson.json, fetched same-origin by an id fetchLesson
          checks against LESSON_ID; no link text reaches it). KaTeX escapes text and, without
          `trust`, refuses \href, \url and \html* commands, so no markup of the TeX passes. */}
      <div
        ref={ref}
        className={`lesson-equation${fit.scrolls ? ' scrolls' : ''}`}
        data-testid="lesson-equation"
        data-scale={fit.scale}
        style={{ fontSize: `${fit.scale * 100}%` }}
        tabIndex={fit.scrolls ? 0 : undefined}
        role={fit.scrolls ? 'region' : undefined}
        aria-label={fit.scrolls ? 'Equation (scrolls sideways)' : undefined}
        // eslint-disable-next-line no-restricted-syntax -- KaTeX output of a same-site lesson (above)
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {fit.scrolls ? (
        <figcaption className="muted small" data-testid="equation-scroll-note">
          Scroll sideways to read the whole equation.
        </figcaption>
      ) : null}
    </figure>
  );
}
