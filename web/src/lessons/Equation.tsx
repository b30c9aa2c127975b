// A step's equation, typeset by KaTeX (display mode). A TeX error shows the source, marked.
import { useMemo } from 'react';
import katex from 'katex';
import 'katex/dist/katex.min.css';

export default function Equation({ tex }: { tex: string }) {
  const html = useMemo(() => {
    try {
      return katex.renderToString(tex, { displayMode: true, throwOnError: true, output: 'htmlAndMathml' });
    } catch {
      return null;
    }
  }, [tex]);
  if (html === null) return <pre className="lesson-equation error" title="This equation could not be typeset">{tex}</pre>;
  // KaTeX's own output from the lesson's TeX (it escapes text; no HTML passes through).
  return <div className="lesson-equation" data-testid="lesson-equation" dangerouslySetInnerHTML={{ __html: html }} />;
}
