import { CheckCircle2, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * One panel of the security centre: what it is, its state (set or not, with the masked value) and
 * its actions. Every panel of the page uses it, so they line up on phones and desktops alike.
 */
export function SecuritySection({
  title,
  ok,
  state,
  hint,
  actions,
  testId,
  children,
}: {
  title: string;
  ok: boolean;
  /** The state in words: 'Set', '+63 917****567', 'Not bound'. */
  state: string;
  hint?: string;
  actions?: ReactNode;
  testId?: string;
  /** Shown under the panel's head, e.g. an inline form. */
  children?: ReactNode;
}) {
  return (
    <section aria-label={title} data-testid={testId} className="rounded-lg bg-(--surface) p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold">{title}</h2>
          <p className="flex items-center gap-1.5 text-sm">
            {ok ? (
              <CheckCircle2 className="text-(--success)" size={16} aria-hidden />
            ) : (
              <XCircle className="text-(--danger)" size={16} aria-hidden />
            )}
            <span>{state}</span>
          </p>
          {hint && <p className="mt-1 text-xs text-(--text-muted)">{hint}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
