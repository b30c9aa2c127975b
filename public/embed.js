// The embed path (embed.html): the app in embed mode, keeping the query (e.g. host=) and the
// scenario in the hash. A file of its own, not an inline script, so a strict
// Content-Security-Policy (docs/teaching.md, "Hosting") needs no hash or 'unsafe-inline'.
const q = location.search.slice(1);
location.replace('./?embed=1' + (q ? '&' + q : '') + location.hash);
