/** A status word in a pill: green for done, red for refused, gold for waiting, muted otherwise. */
export type Tone = 'success' | 'danger' | 'warning' | 'muted';

const TONES: Record<Tone, string> = {
  success: 'border-(--success) text-(--success)',
  danger: 'border-(--danger) text-(--danger)',
  warning: 'border-(--accent) text-(--accent)',
  muted: 'border-(--text-muted) text-(--text-muted)',
};

export function StatusBadge({ label, tone }: { label: string; tone: Tone }) {
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[tone]}`}
    >
      {label}
    </span>
  );
}
