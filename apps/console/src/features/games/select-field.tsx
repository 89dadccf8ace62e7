import { useId } from 'react';

/** The look of the games dialogs' selects and text areas. */
export const SELECT =
  'w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

/** A labelled select of an edit dialog, with its hint and the field's error under it. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  hint,
  error,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  hint?: string;
  error?: string;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={SELECT}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {/* A hint may hold an address with no space in it: it breaks anywhere rather than widen a phone's dialog. */}
      {hint && <p className="mt-1 text-xs wrap-anywhere text-(--text-muted)">{hint}</p>}
      {error && (
        <p role="alert" className="mt-1 text-xs text-(--danger)">
          {error}
        </p>
      )}
    </div>
  );
}
