// A checkbox per id (the charts shown, the panels of an embed), in the ids' own order: what is
// chosen comes back in that order too, so the same choice always gives the same link.
export function IdChecklist<T extends string>({
  ids,
  chosen,
  titles,
  onChange,
}: {
  ids: readonly T[];
  chosen: readonly T[];
  titles: Record<T, string>;
  onChange: (next: T[]) => void;
}) {
  return (
    <>
      {ids.map((id) => (
        <label key={id} className="inline">
          <input
            type="checkbox"
            checked={chosen.includes(id)}
            onChange={(e) => onChange(ids.filter((x) => (x === id ? e.target.checked : chosen.includes(x))))}
          />
          {titles[id]}
        </label>
      ))}
    </>
  );
}
