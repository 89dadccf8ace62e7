import { formatMoney } from '@gamehall/shared/money';
import { Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { jackpotDelayMs, jackpotIncrement, jackpotStart } from '../../lib/jackpot';

/** spec §9 home jackpot: a simulated counter (the spec says so), labelled as such for the reader. */
export function JackpotCounter({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(() => jackpotStart());
  useEffect(() => {
    let id: ReturnType<typeof setTimeout>;
    const tick = () => {
      id = setTimeout(() => {
        setAmount((a) => a + jackpotIncrement());
        tick();
      }, jackpotDelayMs());
    };
    tick();
    return () => clearTimeout(id);
  }, []);
  return (
    <section aria-label={t('home.jackpot')} className="mx-auto my-6 max-w-7xl px-4">
      <div className="flex flex-col items-center gap-2 rounded-2xl bg-gradient-to-r from-(--accent)/20 via-(--surface-raised) to-(--accent)/20 p-6 text-center">
        <h2 className="flex items-center gap-2 text-lg font-bold text-(--accent)">
          <Trophy aria-hidden /> {t('home.jackpot')}
        </h2>
        <p className="font-mono text-3xl font-extrabold tabular-nums sm:text-5xl" data-testid="jackpot" aria-live="off">
          {formatMoney(amount, { symbol })}
        </p>
      </div>
    </section>
  );
}
