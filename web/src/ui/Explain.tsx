// A "?" beside a title: its explanation (ui/glossary.ts) shows on hover and on keyboard focus,
// and screen readers read it as the button's description. Also the glossary list.
import { useId } from 'react';
import { GLOSSARY, type GlossaryKey } from './glossary';

export function Explain({ term }: { term: GlossaryKey }) {
  const id = useId();
  const g = GLOSSARY[term];
  return (
    <span className="explain">
      <button type="button" className="explain-btn" aria-label={`What is ${g.term}?`} aria-describedby={id}>
        ?
      </button>
      <span role="tooltip" id={id} className="explain-tip">
        <strong>{g.term}: </strong>
        {g.text}
      </span>
    </span>
  );
}

export function GlossaryList() {
  return (
    <details className="panel glossary">
      <summary>Glossary</summary>
      <dl>
        {(Object.keys(GLOSSARY) as GlossaryKey[]).map((k) => (
          <div key={k}>
            <dt>{GLOSSARY[k].term}</dt>
            <dd>{GLOSSARY[k].text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
