import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdownLight } from './markdownLight';

describe('markdown-light', () => {
  it('splits paragraphs and lists', () => {
    expect(parseMarkdownLight('One\nline.\n\n- a\n- b\nAfter.')).toEqual([
      { kind: 'p', inline: [{ kind: 'text', text: 'One line.' }] },
      { kind: 'ul', items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]] },
      { kind: 'p', inline: [{ kind: 'text', text: 'After.' }] },
    ]);
  });

  it('reads emphasis, strong and code, and leaves a lone * alone', () => {
    expect(parseInline('a *b* **c** `d` 2 * 3')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'em', text: 'b' },
      { kind: 'text', text: ' ' },
      { kind: 'strong', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'd' },
      { kind: 'text', text: ' 2 * 3' },
    ]);
  });
});
