import type { RevealField } from '@gamehall/shared/api/admin-members';
import { Button } from '@gamehall/ui/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { useCan } from '../../lib/session';
import { revealField } from './api';

/**
 * A member's personal value as the operator may read it. The server masks mobile numbers, email
 * addresses, bank account numbers and real names for an operator without members.pii; one who may
 * ask (members.reveal; cashier.read for a bank account) gets a Show button that asks for the one
 * value in full (written to the audit log) and shows it here, anyone else the masked value alone.
 */
export function Revealable({
  memberId,
  field,
  value,
  label,
  bankAccountId,
}: {
  memberId: number;
  field: RevealField;
  value: string;
  /** What the value is, for the button's accessible name ("Show the full mobile"). */
  label: string;
  bankAccountId?: number;
}) {
  const { t } = useTranslation('members');
  const can = useCan();
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  if (can('members.pii') || shown !== null) return <span data-pii={field}>{shown ?? value}</span>;
  // Without the permission to ask, the value stays masked and there is nothing to press.
  const bankField = field === 'bankAccountNumber' || field === 'bankAccountName';
  if (!can(bankField ? 'cashier.read' : 'members.reveal')) return <span data-pii={field}>{value}</span>;
  const show = async () => {
    setBusy(true);
    setError('');
    try {
      const revealed = await revealField(memberId, {
        field,
        ...(bankAccountId === undefined ? {} : { bankAccountId }),
      });
      setShown(revealed.value ?? '');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span data-pii={field}>{value}</span>
      <Button
        variant="ghost"
        className="px-2 py-0.5 text-xs underline"
        disabled={busy}
        title={t('reveal.hint')}
        aria-label={t('reveal.showLabel', { field: label })}
        onClick={show}
      >
        {t('reveal.show')}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-(--danger)">
          {error}
        </span>
      )}
    </span>
  );
}
