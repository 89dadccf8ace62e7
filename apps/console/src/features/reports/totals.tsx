/** The sums of a report's whole range (every page), above its grid. */
export function Totals({ items }: { items: { label: string; value: string }[] }) {
  return (
    <dl className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {items.map((i) => (
        <div key={i.label} className="rounded-lg border border-(--border) bg-(--surface-raised) px-3 py-2">
          <dt className="text-xs text-(--text-muted)">{i.label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}
