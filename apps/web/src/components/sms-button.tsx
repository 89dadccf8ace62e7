import { Button } from '@gamehall/ui/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../lib/alerts';
import { countdownSeconds } from '../lib/countdown';
import { errorMessage } from '../lib/errors';
import { useCountdown } from './use-countdown';

/**
 * spec §4 SMS code: the button is disabled during the countdown (expiredMinutes x 60 s), and while
 * a send is on its way, so a double click cannot send twice (spec §5: one SMS request a second).
 * A refused send shows the server's message in a warning dialog (spec §8).
 */
export function SmsButton({
  purpose,
  send,
  disabled,
}: {
  /** Which countdown this button shares (one per kind of code: login, registration, ...). */
  purpose: string;
  send: () => Promise<{ expiredMinutes: number }>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const { left, start } = useCountdown(purpose);
  const [sending, setSending] = useState(false);
  const onClick = async () => {
    setSending(true);
    try {
      const sent = await send();
      start(countdownSeconds(sent.expiredMinutes));
    } catch (err) {
      await showAlert({ message: errorMessage(t, err) });
    } finally {
      setSending(false);
    }
  };
  return (
    <Button
      variant="secondary"
      disabled={disabled || sending || left > 0}
      onClick={onClick}
      className="whitespace-nowrap"
    >
      {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
    </Button>
  );
}
