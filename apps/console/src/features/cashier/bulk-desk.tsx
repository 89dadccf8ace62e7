import type { BulkDecisionResult } from '@gamehall/shared/api/admin';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { cashierKey, decideInBulk } from './api';

// The desk's decision on the orders ticked in a queue: approve them all, or reject them all with one
// reason. The server decides (and audits) each order on its own and answers each one's outcome; the
// bar says how many went through and lists each refused order with why, so one refusal hides nothing.

type Outcome = BulkDecisionResult['results'][number];

export function BulkDesk({
  list,
  selected,
  onDone,
}: {
  list: 'deposits' | 'withdrawals';
  selected: ReadonlySet<string>;
  /** Clears the ticks once the desk has answered. */
  onDone: () => void;
}) {
  const { t } = useTranslation('cashier');
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [outcome, setOutcome] = useState<{ action: 'approve' | 'reject'; results: Outcome[] } | null>(null);
  const decide = useMutation({
    mutationFn: (body: { action: 'approve' | 'reject'; reason?: string }) =>
      decideInBulk(list, { ...body, references: [...selected] }),
    onSuccess: (value, body) => {
      setOutcome({ action: body.action, results: value.results });
      setReason('');
      onDone();
    },
    onSettled: () => client.invalidateQueries({ queryKey: cashierKey }),
  });
  const reject = (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim() === '') {
      setReasonError(t('bulk.reasonRequired'));
      return;
    }
    setReasonError('');
    decide.mutate({ action: 'reject', reason: reason.trim() });
  };
  const done = outcome?.results.filter((r) => r.ok).length ?? 0;
  const refused = outcome?.results.flatMap((r) => (r.ok ? [] : [r])) ?? [];
  return (
    <section aria-label={t('bulk.title')} className="mb-3 grid gap-2 rounded-lg border border-(--border) p-3 text-sm">
      <form onSubmit={reject} className="flex flex-wrap items-end gap-3" noValidate>
        <span data-testid="bulk-count">{t('bulk.selected', { count: selected.size })}</span>
        <Button
          type="button"
          disabled={selected.size === 0 || decide.isPending}
          onClick={() => decide.mutate({ action: 'approve' })}
        >
          {t('bulk.approve')}
        </Button>
        <Field
          label={t('bulk.reason')}
          value={reason}
          maxLength={200}
          error={reasonError || undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button type="submit" variant="ghost" disabled={selected.size === 0 || decide.isPending}>
          {t('bulk.reject')}
        </Button>
      </form>
      {decide.isError && (
        <p role="alert" className="text-(--danger)">
          {errorMessage(decide.error)}
        </p>
      )}
      {outcome && (
        <div role="status" data-testid="bulk-outcome">
          <p>{t(`bulk.done.${outcome.action}`, { count: done })}</p>
          {refused.length > 0 && (
            <>
              <p className="text-(--danger)">{t('bulk.refused', { count: refused.length })}</p>
              <ul className="list-disc ps-5">
                {refused.map((r) => (
                  <li key={r.reference}>
                    <span className="font-mono">{r.reference}</span>: {r.message}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
