// A lesson's markdown-light text as React elements (see markdownLight.ts).
import { Fragment } from 'react';
import { type Inline, parseMarkdownLight } from './markdownLight';

function Inlines({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((p, i) => {
        if (p.kind === 'em') return <em key={i}>{p.text}</em>;
        if (p.kind === 'strong') return <strong key={i}>{p.text}</strong>;
        if (p.kind === 'code') return <code key={i}>{p.text}</code>;
        return <Fragment key={i}>{p.text}</Fragment>;
      })}
    </>
  );
}

export function LessonText({ text }: { text: string }) {
  return (
    <div className="lesson-text">
      {parseMarkdownLight(text).map((b, i) =>
        b.kind === 'p' ? (
          <p key={i}>
            <Inlines parts={b.inline} />
          </p>
        ) : (
          <ul key={i}>
            {b.items.map((it, j) => (
              <li key={j}>
                <Inlines parts={it} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
