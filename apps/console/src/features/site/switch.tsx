// A switch of the site screens: a button with role switch, named by its label (axe: button-name).
/** An on/off control: a button with role switch, named by its label. */
export function Switch({
  label,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-(--border) transition-colors focus-visible:outline-2 focus-visible:outline-(--accent) disabled:opacity-50 ${
        checked ? 'bg-(--accent)' : 'bg-(--surface)'
      }`}
    >
      <span
        aria-hidden
        className={`inline-block h-4 w-4 rounded-full transition-transform ${
          checked ? 'translate-x-6 bg-(--accent-contrast)' : 'translate-x-1 bg-(--text-muted)'
        }`}
      />
    </button>
  );
}
