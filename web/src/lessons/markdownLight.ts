// The little markdown a lesson's text may use: paragraphs (blank line between), lists (lines
// starting "- "), *emphasis*, **strong** and `code`. Parsed to a tree, rendered by LessonText
// as React elements (never as HTML), so a lesson file cannot inject markup.
export type Inline = { kind: 'text' | 'em' | 'strong' | 'code'; text: string };
export type Block = { kind: 'p'; inline: Inline[] } | { kind: 'ul'; items: Inline[][] };

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`)/g;

export function parseInline(s: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of s.matchAll(INLINE)) {
    if (m.index > last) out.push({ kind: 'text', text: s.slice(last, m.index) });
    const tok = m[0];
    if (tok.startsWith('**')) out.push({ kind: 'strong', text: tok.slice(2, -2) });
    else if (tok.startsWith('`')) out.push({ kind: 'code', text: tok.slice(1, -1) });
    else out.push({ kind: 'em', text: tok.slice(1, -1) });
    last = m.index + tok.length;
  }
  if (last < s.length) out.push({ kind: 'text', text: s.slice(last) });
  return out;
}

export function parseMarkdownLight(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (!lines.length) continue;
    let para: string[] = [];
    let list: string[] = [];
    const flushPara = () => {
      if (para.length) blocks.push({ kind: 'p', inline: parseInline(para.join(' ')) });
      para = [];
    };
    const flushList = () => {
      if (list.length) blocks.push({ kind: 'ul', items: list.map(parseInline) });
      list = [];
    };
    for (const l of lines) {
      if (l.startsWith('- ')) {
        flushPara();
        list.push(l.slice(2));
      } else {
        flushList();
        para.push(l);
      }
    }
    flushPara();
    flushList();
  }
  return blocks;
}
