// A dismissible notice listing what a link or the core refused, so nothing is dropped silently.
export function Notice({ title, items, onClose }: { title: string; items: string[]; onClose: () => void }) {
  if (items.length === 0) return null;
  return (
    <div className="notice" role="status" data-testid="notice">
      <div className="notice-head">
        <strong>{title}</strong>
        <button type="button" onClick={onClose} aria-label="Dismiss notice">
          Dismiss
        </button>
      </div>
      <ul>
        {items.map((it, i) => (
          <li key={i}>{it}</li>
        ))}
      </ul>
    </div>
  );
}
