/** A row of tabs: one button per id, the current one selected; `labelOf` gives each its text. */
export function Tabs<T extends string>({
  ids,
  current,
  onSelect,
  labelOf,
  label,
}: {
  ids: readonly T[];
  current: T;
  onSelect: (id: T) => void;
  labelOf: (id: T) => string;
  /** What the tabs choose between, for screen readers. */
  label?: string;
}) {
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {ids.map((id) => (
        <button key={id} type="button" role="tab" aria-selected={current === id} className={`tab${current === id ? ' tab--active' : ''}`} onClick={() => onSelect(id)}>
          {labelOf(id)}
        </button>
      ))}
    </div>
  );
}
