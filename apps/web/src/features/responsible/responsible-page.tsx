import { EXCLUSION_PERIODS, type LimitKey, type LimitView, TIMEOUT_PERIODS } from '@gamehall/shared/api/responsible';
import { parseMoneyText } from '@gamehall/shared/money';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useMoney } from '../../components/use-money';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { downloadStatementCsv, responsibleQuery, setLimits, setRealityCheck, statementQuery, takeBreak } from './api';

const cell = 'whitespace-nowrap py-2 pr-4';
const GROUPS: { title: string; keys: LimitKey[] }[] = [
  { title: 'responsible.deposit', keys: ['depositDay', 'depositWeek', 'depositMonth'] },
  { title: 'responsible.loss', keys: ['lossDay', 'lossWeek', 'lossMonth'] },
  { title: 'responsible.wager', keys: ['wagerDay', 'wagerWeek', 'wagerMonth'] },
  { title: 'responsible.session', keys: ['sessionMinutes'] },
];

function periodOf(key: LimitKey): string {
  if (key.endsWith('Day')) return 'responsible.day';
  if (key.endsWith('Week')) return 'responsible.week';
  if (key.endsWith('Month')) return 'responsible.month';
  return 'responsible.minutesPerDay';
}

function LimitRow({ limit, onSaved }: { limit: LimitView; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const money = useMoney();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const minutes = limit.key === 'sessionMinutes';
  const show = (v: number) => (minutes ? t('responsible.minutes', { count: v }) : money(v));
  const save = async (next: number | null) => {
    setBusy(true);
    try {
      await setLimits({ [limit.key]: next });
      setValue('');
      toast.success(t('responsible.saved'));
      onSaved();
    } catch (err) {
      toast.error(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Text that is not digits (an emoji, '1e3') is told so; "greater than zero" is for 0.
    const text = value.trim();
    const n = minutes ? (/^\d+$/.test(text) ? Number(text) : undefined) : parseMoneyText(text);
    if (n === undefined) {
      toast.error(t(minutes ? 'responsible.notMinutes' : 'responsible.notAmount'));
      return;
    }
    if (n <= 0) {
      toast.error(t('responsible.invalidAmount'));
      return;
    }
    void save(n);
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2 py-2" data-testid={`limit-${limit.key}`}>
      <span className="w-32 text-sm">{t(periodOf(limit.key))}</span>
      <span className="w-48 text-sm" data-testid={`limit-${limit.key}-value`}>
        {limit.value === null ? t('responsible.noLimit') : `${show(limit.used)} / ${show(limit.value)}`}
      </span>
      <input
        className="w-32 rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 py-1 text-sm"
        inputMode="decimal"
        aria-label={`${t(periodOf(limit.key))} ${t('responsible.newLimit')}`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        data-testid={`limit-${limit.key}-input`}
      />
      <Button type="submit" variant="secondary" disabled={busy}>
        {t('responsible.set')}
      </Button>
      {limit.value !== null && (
        <Button variant="ghost" disabled={busy} onClick={() => void save(null)}>
          {t('responsible.remove')}
        </Button>
      )}
      {limit.pending && (
        <span className="basis-full text-xs text-(--text-muted)" data-testid={`limit-${limit.key}-pending`}>
          {t('responsible.pending', {
            value: limit.pending.value === null ? t('responsible.noLimit') : show(limit.pending.value),
            at: new Date(limit.pending.effectiveAt).toLocaleString(i18n.language),
          })}
        </span>
      )}
    </form>
  );
}

function BreakSection({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<string>('24h');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      await takeBreak(period);
      setConfirming(false);
      onSaved();
    } catch (err) {
      toast.error(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-3">
      <select
        className="w-64 rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 py-1 text-sm"
        value={period}
        onChange={(e) => {
          setPeriod(e.target.value);
          setConfirming(false);
        }}
        aria-label={t('responsible.breakPeriod')}
        data-testid="break-period"
      >
        <optgroup label={t('responsible.timeout')}>
          {TIMEOUT_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`responsible.periods.${p}`)}
            </option>
          ))}
        </optgroup>
        <optgroup label={t('responsible.exclusion')}>
          {EXCLUSION_PERIODS.map((p) => (
            <option key={p} value={p}>
              {t(`responsible.periods.${p}`)}
            </option>
          ))}
        </optgroup>
      </select>
      {confirming ? (
        <div role="alertdialog" aria-label={t('responsible.confirmTitle')} className="rounded-md bg-(--surface) p-3">
          <p className="mb-3 text-sm">{t('responsible.confirmText', { period: t(`responsible.periods.${period}`) })}</p>
          <div className="flex gap-2">
            <Button variant="danger" disabled={busy} onClick={() => void start()} data-testid="break-confirm">
              {t('responsible.confirm')}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="danger" className="w-fit" onClick={() => setConfirming(true)} data-testid="break-start">
          {t('responsible.takeBreak')}
        </Button>
      )}
    </div>
  );
}

// The member's limits (with use, waiting raises and when they apply),
// the reality check, time-out and self-exclusion, and the activity statement with its CSV.
export function ResponsiblePage() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const queryClient = useQueryClient();
  const settings = useQuery(responsibleQuery(token));
  const statement = useQuery(statementQuery(token));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['responsible'] });
  const s = settings.data;
  const changeReality = async (v: string) => {
    try {
      await setRealityCheck(v === '' ? null : (Number(v) as 15 | 30 | 60));
      toast.success(t('responsible.saved'));
      refresh();
    } catch (err) {
      toast.error(errorMessage(t, err));
    }
  };
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-xl font-bold">{t('responsible.title')}</h1>
      {settings.isError && (
        <p role="alert" className="text-sm text-(--danger)">
          {errorMessage(t, settings.error)}
        </p>
      )}
      {s && (
        <>
          {s.break && (
            <p role="status" className="rounded-md bg-(--surface) p-3 text-sm" data-testid="break-active">
              {s.break.until
                ? t('responsible.onBreakUntil', { until: new Date(s.break.until).toLocaleString(i18n.language) })
                : t('responsible.onBreakPermanent')}
            </p>
          )}
          <section>
            <h2 className="mb-1 font-semibold">{t('responsible.limits')}</h2>
            <p className="mb-3 text-sm text-(--text-muted)">{t('responsible.limitsHelp', { timeZone: s.timeZone })}</p>
            {GROUPS.map((g) => (
              <div key={g.title} className="mb-4">
                <h3 className="text-sm font-semibold">{t(g.title)}</h3>
                {g.keys.map((key) => {
                  const limit = s.limits.find((l) => l.key === key);
                  return limit ? <LimitRow key={key} limit={limit} onSaved={refresh} /> : null;
                })}
              </div>
            ))}
          </section>
          <section>
            <h2 className="mb-1 font-semibold">{t('responsible.realityCheck')}</h2>
            <p className="mb-3 text-sm text-(--text-muted)">{t('responsible.realityCheckHelp')}</p>
            <select
              className="w-48 rounded-md border border-(--text-muted)/40 bg-(--surface) px-2 py-1 text-sm"
              value={s.realityCheckMinutes ?? ''}
              onChange={(e) => void changeReality(e.target.value)}
              aria-label={t('responsible.realityCheck')}
              data-testid="reality-check-select"
            >
              <option value="">{t('responsible.off')}</option>
              {[15, 30, 60].map((m) => (
                <option key={m} value={m}>
                  {t('responsible.minutes', { count: m })}
                </option>
              ))}
            </select>
          </section>
          {!s.break && (
            <section>
              <h2 className="mb-1 font-semibold">{t('responsible.breaks')}</h2>
              <p className="mb-3 text-sm text-(--text-muted)">{t('responsible.breaksHelp')}</p>
              <BreakSection onSaved={refresh} />
            </section>
          )}
        </>
      )}
      <section>
        <div className="mb-3 flex items-center gap-3">
          <h2 className="font-semibold">{t('responsible.statement')}</h2>
          <Button
            variant="secondary"
            onClick={() => downloadStatementCsv().catch(() => toast.error(t('errors.INTERNAL_ERROR')))}
            data-testid="statement-csv"
          >
            {t('responsible.downloadCsv')}
          </Button>
        </div>
        {statement.data && statement.data.months.length === 0 && (
          <p className="text-sm text-(--text-muted)">{t('responsible.noActivity')}</p>
        )}
        {statement.data && statement.data.months.length > 0 && (
          <div className="overflow-x-auto">
            <table className="text-sm" data-testid="statement-table">
              <thead>
                <tr className="text-left text-(--text-muted)">
                  <th className={cell}>{t('responsible.statementMonth')}</th>
                  <th className={cell}>{t('responsible.deposits')}</th>
                  <th className={cell}>{t('responsible.withdrawals')}</th>
                  <th className={cell}>{t('responsible.bets')}</th>
                  <th className={cell}>{t('responsible.wins')}</th>
                  <th className={cell}>{t('responsible.net')}</th>
                </tr>
              </thead>
              <tbody>
                {statement.data.months.map((m) => (
                  <tr key={m.month} className="border-t border-(--text-muted)/20">
                    <td className={cell}>{m.month}</td>
                    <td className={cell}>{money(m.deposits)}</td>
                    <td className={cell}>{money(m.withdrawals)}</td>
                    <td className={cell}>{money(m.bets)}</td>
                    <td className={cell}>{money(m.wins)}</td>
                    <td className={cell}>{money(m.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
