import type { BulkStatementValue } from '@gamehall/shared/api/admin-agents';
import { errorCatalogue } from '@gamehall/shared/errors';
import { Button } from '@gamehall/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { agentsKey, type BulkAction, bulkStatements } from './api';

/** The words of an error code in a bulk answer: the console's, else the catalogue's English. */
function codeText(t: (key: string, o: Record<string, unknown>) => string, code: string | null): string {
  if (!code) return '';
  const known = (errorCatalogue as Record<string, { message: string }>)[code]?.message;
  return t(`errors.${code}`, { ns: 'core', defaultValue: known ?? code });
}

/**
 * Release, hold or take the hold off the held statements picked in the grid (docs/agents.md
 * "Release and hold in bulk"): one request, each statement done and audited on its own; the
 * answer lists the ones that were not done with the reason.
 */
export function BulkStatementBar({ picked, onDone }: { picked: number[]; onDone: () => void }) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [answer, setAnswer] = useState<{ action: BulkAction; value: BulkStatementValue } | null>(null);
  const run = async (action: BulkAction, note: string) => {
    const value = await bulkStatements(action, picked, note || undefined);
    setAnswer({ action, value });
    onDone();
    await queryClient.invalidateQueries({ queryKey: agentsKey });
  };
  const failed = answer?.value.results.filter((r) => !r.ok) ?? [];
  return (
    <div className="mb-3 rounded-lg border border-(--border) bg-(--surface-raised) p-3 text-sm" data-testid="bulk-bar">
      <div className="flex flex-wrap items-center gap-2">
        <span>{t('bulk.picked', { count: picked.length })}</span>
        {(['release', 'hold', 'unhold'] as const).map((action) => (
          <Button
            key={action}
            variant={action === 'release' ? 'primary' : 'secondary'}
            disabled={picked.length === 0}
            onClick={() => setAsking(action)}
          >
            {t(`bulk.${action}`)}
          </Button>
        ))}
      </div>
      {answer && (
        <div role="status" className="mt-2">
          <p>{t(`bulk.done.${answer.action}`, { done: answer.value.done, failed: answer.value.failed })}</p>
          {failed.length > 0 && (
            <ul className="mt-1 list-disc ps-5 text-(--danger)">
              {failed.map((r) => (
                <li key={r.id}>{t('bulk.failedOne', { id: r.id, reason: codeText(t, r.code) })}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`bulk.${asking}`) : ''}
        message={asking ? t(`bulk.confirm.${asking}`, { count: picked.length }) : ''}
        confirmLabel={asking ? t(`bulk.${asking}`) : ''}
        {...(asking === 'hold' ? { reason: { label: t('bulk.holdNote'), max: 200 } } : {})}
        onConfirm={(note) => run(asking as BulkAction, note)}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
