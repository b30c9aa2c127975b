// Runs an async function over a list with at most `jobs` calls in flight, keeping the
// results in the list's order, and counts finished runs on stderr. Shared by the
// validation runners (scripts/validate-*.mjs).

/** Resolves fn(item) for every item, at most `jobs` at a time; the results keep the order. */
export async function pool(items, jobs, fn) {
  const out = new Array(items.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      out[k] = await fn(items[k], k);
      process.stderr.write(`\r${++done}/${items.length} runs`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  process.stderr.write('\n');
  return out;
}
