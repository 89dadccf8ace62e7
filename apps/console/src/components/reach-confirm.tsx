import { Button } from '@gamehall/ui/button';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';

const input = 'w-full rounded border border-(--border) bg-(--surface) px-2 py-1';

/** What a confirmed send carries to the server (shared/api/messages.ts SendConfirmation). */
export type SendConfirmation = { confirmReach: number; typedReach?: string; idempotencyKey: string };

/** A send's idempotency key: random, made where crypto.randomUUID is missing too (plain http). */
function newSendKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * THE confirmation of every screen that messages many members (broadcasts, campaigns;
 * docs/messages.md "Sending to many"): the reach now, the number typed in by hand when the audience
 * is everyone, and one send button that names the reach. One key is made per confirmation (mount it
 * again, with a React key, for each preview), so a second press or a retried request sends once.
 */
export function ReachConfirm({
  reach,
  everyone,
  scheduled,
  busy,
  error,
  disabled = false,
  onSend,
}: {
  reach: number;
  everyone: boolean;
  scheduled: boolean;
  busy: boolean;
  error: unknown;
  /** Something else the screen still needs (a campaign's name). */
  disabled?: boolean;
  onSend: (confirmation: SendConfirmation) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [key] = useState(newSendKey);
  // A second press before React disables the button is dropped here; the key covers a retried request.
  const pressed = useRef(false);
  useEffect(() => {
    if (error) pressed.current = false;
  }, [error]);
  const confirmed = !everyone || typed.trim() === String(reach);
  return (
    <div className="grid gap-2" data-testid="reach-confirm">
      <p className="text-sm">
        {t('reachConfirm.reach')} <strong className="tabular-nums">{reach}</strong>
      </p>
      {everyone && (
        <label className="grid gap-1 text-sm">
          {t('reachConfirm.typeReach', { reach })}
          <input
            className={input}
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
      )}
      {Boolean(error) && (
        <p role="alert" className="text-sm text-(--danger)">
          {errorMessage(error)}
        </p>
      )}
      <Button
        type="button"
        disabled={!confirmed || busy || disabled}
        onClick={() => {
          if (pressed.current) return;
          pressed.current = true;
          onSend({ confirmReach: reach, ...(everyone ? { typedReach: typed.trim() } : {}), idempotencyKey: key });
        }}
      >
        {scheduled ? t('reachConfirm.scheduleFor', { reach }) : t('reachConfirm.sendTo', { reach })}
      </Button>
    </div>
  );
}
