import { Button } from '@gamehall/ui/button';
import { Modal } from '@gamehall/ui/modal';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';

/**
 * Asks before an operator action and runs it; with `reason` it asks for one (a rejection). A refusal
 * of the server is shown in the dialog, which stays open so the operator can read why.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  danger = false,
  reason,
  confirmDisabled = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Ask for a reason: its label and the longest allowed. */
  reason?: { label: string; max: number };
  /** The confirm button waits for a choice made in `message` (where a removed item's rows go). */
  confirmDisabled?: boolean;
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const close = () => {
    setText('');
    setError('');
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason && !text.trim()) {
      setError(t('common.reasonRequired'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await onConfirm(text.trim());
      close();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onClose={close} title={title}>
      <form onSubmit={submit} noValidate>
        {message && <div className="mb-4 text-sm">{message}</div>}
        {reason && (
          <div className="mb-3">
            <label htmlFor="confirm-reason" className="mb-1 block text-sm font-medium">
              <span className="mr-0.5 text-(--danger)" aria-hidden>
                *
              </span>
              {reason.label}
            </label>
            <textarea
              id="confirm-reason"
              name="reason"
              required
              maxLength={reason.max}
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              className="w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) focus:border-(--accent) focus:outline-none"
            />
          </div>
        )}
        {error && (
          <p role="alert" className="mb-3 text-sm text-(--danger)">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={busy || confirmDisabled}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
