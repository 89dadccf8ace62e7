import { Check, Copy } from 'lucide-react';
import { useState } from 'react';

const LAYOUTS = {
  /** Label and value on one line, a rule under it (a list of bank details). */
  row: 'flex flex-wrap items-center justify-between gap-2 border-b border-(--text-muted)/20 py-2 last:border-0',
  /** The label over the value, in a box of its own (the agent's referral link and code). */
  card: 'rounded-lg bg-(--surface) p-3',
};

/**
 * A labelled value (a `dt` and `dd`, inside a `dl`) with a button that copies it (spec: bank
 * details with copy buttons; the referral link). `copyLabel` names the button, `copiedText` is
 * announced once the value is on the clipboard.
 */
export function CopyValue({
  label,
  value,
  testId,
  copyLabel,
  copiedText,
  layout = 'row',
}: {
  label: string;
  value: string;
  testId?: string;
  copyLabel: string;
  copiedText: string;
  layout?: keyof typeof LAYOUTS;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className={LAYOUTS[layout]}>
      <dt className="text-sm text-(--text-muted)">{label}</dt>
      <dd className="flex min-w-0 items-center gap-2">
        <span className="min-w-0 break-all font-semibold" data-testid={testId}>
          {value}
        </span>
        <button
          type="button"
          onClick={() => void copy()}
          className="shrink-0 rounded p-1 text-(--accent) hover:bg-(--surface-raised)"
          aria-label={copyLabel}
        >
          {copied ? <Check size={16} aria-hidden /> : <Copy size={16} aria-hidden />}
        </button>
        <span className="sr-only" aria-live="polite">
          {copied ? copiedText : ''}
        </span>
      </dd>
    </div>
  );
}
