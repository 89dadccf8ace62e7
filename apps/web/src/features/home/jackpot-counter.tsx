import { formatMoney } from '@gamehall/shared/money';
import { Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readPreference, writePreference } from '../../lib/consent';
import { jackpotDelayMs, parseJackpotState, resumeJackpot, stepJackpot } from '../../lib/jackpot';
import { STORAGE_KEYS } from '../../lib/storage';

function readSaved() {
  return parseJackpotState(readPreference(STORAGE_KEYS.jackpot));
}

function save(state: ReturnType<typeof readSaved>) {
  // A preference (lib/consent): on the device with consent, in the tab otherwise.
  writePreference(STORAGE_KEYS.jackpot, JSON.stringify(state));
}

/**
 * spec §9 home jackpot: a simulated counter, labelled as such. It continues today's value from the
 * visitor's last visit (lib/jackpot resumeJackpot) and keeps rising while the page is open.
 */
export function JackpotCounter({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState(() => resumeJackpot(readSaved(), Date.now()));
  useEffect(() => {
    save(state);
  }, [state]);
  useEffect(() => {
    let id: ReturnType<typeof setTimeout>;
    const tick = () => {
      id = setTimeout(() => {
        setState((current) => stepJackpot(current, readSaved(), Date.now()));
        tick();
      }, jackpotDelayMs());
    };
    tick();
    return () => clearTimeout(id);
  }, []);
  return (
    <section aria-label={t('home.jackpotSimulated')} className="mx-auto my-6 max-w-7xl px-4">
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-gradient-to-r from-(--accent)/20 via-(--surface-raised) to-(--accent)/20 p-6 text-center">
        <h2 className="flex items-center gap-2 text-lg font-bold text-(--accent)">
          <Trophy aria-hidden /> {t('home.jackpotSimulated')}
        </h2>
        <p className="font-mono text-3xl font-extrabold tabular-nums sm:text-5xl" data-testid="jackpot" aria-live="off">
          {formatMoney(state.amount, { symbol })}
        </p>
        <p className="text-xs text-(--text-muted)">{t('home.jackpotNote')}</p>
      </div>
    </section>
  );
}
