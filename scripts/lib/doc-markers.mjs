// Replaces the text between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in a markdown
// document, so a validation runner rewrites its own tables and leaves the prose alone.
import fs from 'node:fs';

/** Returns text with the part between NAME's markers replaced by body. */
export function spliceMarkers(text, name, body, where = 'the document') {
  const b = `<!-- ${name}:begin -->`;
  const e = `<!-- ${name}:end -->`;
  const i = text.indexOf(b);
  const j = text.indexOf(e);
  if (i < 0 || j < i) throw new Error(`${where}: markers ${b} ... ${e} not found`);
  return `${text.slice(0, i + b.length)}\n${body}\n${text.slice(j)}`;
}

/** Rewrites file, replacing each { name: body } between its markers. */
export function writeBetweenMarkers(file, parts) {
  let text = fs.readFileSync(file, 'utf8');
  for (const [name, body] of Object.entries(parts)) text = spliceMarkers(text, name, body, file);
  fs.writeFileSync(file, text);
}
