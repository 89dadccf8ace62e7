import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime } from '../../lib/format';
import { useFormAction } from '../../lib/use-form-action';
import { playersQuery, retryRiskPushes, riskPushesQuery, savePlayerFactor, sportsbookKey } from './api';

// Stake factors per player: a player's limits are the book's times the factor (100 % = the book's
// own, 0 % = no bets). The trader's factor is set here by the member's username (the platform sends
// the sportsbook the player id); the risk factor comes from the member's risk level (docs/
// sportsbook.md "Risk level"); the book applies the lower of the two, and the list shows all three.

/** '50' or '12.5' (percent) -> ppm, at most 1000 % (the trader API's bound); else undefined. */
export function factorPpmOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d{1,4}(\.\d{1,4})?$/.test(trimmed)) return undefined;
  const ppm = Math.round(Number(trimmed) * 10_000);
  return ppm <= 10_000_000 ? ppm : undefined;
}

const factorText = (ppm: number) => `${ppm / 10_000} %`;

function useLevelText() {
  const { t } = useTranslation('sportsbook');
  return (level: string) =>
    ['low', 'normal', 'high', 'blocked'].includes(level) ? t(`players.levels.${level}`) : level;
}

/**
 * The levels still on their way to the book (the outbox sportsbook_risk_pushes): who, why the last
 * send failed and when the next comes, and a button that sends them now rather than after the
 * back-off, for when the book is back after an outage.
 */
function WaitingPushes() {
  const { t } = useTranslation('sportsbook');
  const levelText = useLevelText();
  const waiting = useQuery(riskPushesQuery);
  const action = useFormAction(riskPushesQuery.queryKey);
  const [done, setDone] = useState('');
  const retry = async () => {
    setDone('');
    await action.run(async () => {
      const { due } = await retryRiskPushes();
      setDone(t('players.waiting.retried', { due }));
    });
  };
  const data = waiting.data;
  return (
    <section className="mt-8" aria-labelledby="risk-pushes-title">
      <h2 id="risk-pushes-title" className="mb-1 text-base font-semibold">
        {t('players.waiting.title')}
      </h2>
      <p className="mb-3 max-w-3xl text-sm text-(--text-muted)">{t('players.waiting.description')}</p>
      <QueryErrorAlert error={waiting.error} />
      {data && data.waiting > 0 && (
        <div className="mb-3 flex flex-wrap items-center gap-3 text-sm">
          {data.waiting > data.list.length && (
            <span>{t('players.waiting.count', { count: data.waiting, shown: data.list.length })}</span>
          )}
          <Button type="button" variant="secondary" disabled={action.busy} onClick={retry}>
            {t('players.waiting.retry')}
          </Button>
        </div>
      )}
      {action.error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {action.error}
        </p>
      )}
      {done && (
        <p role="status" className="mb-3 text-sm text-(--success)">
          {done}
        </p>
      )}
      <PlainTable
        caption={t('players.waiting.title')}
        columns={[
          { label: t('fields.username') },
          { label: t('players.riskLevel') },
          { label: t('players.waiting.attempts'), numeric: true },
          { label: t('players.waiting.lastError') },
          { label: t('players.waiting.nextTry') },
          { label: t('players.waiting.lastDelivered') },
        ]}
        empty={
          !data ? t('common.loading', { ns: 'core' }) : data.list.length === 0 ? t('players.waiting.none') : undefined
        }
      >
        {data?.list.map((p) => (
          <tr key={p.memberId} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{p.username}</td>
            <td className="px-3 py-2">{levelText(p.level)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{p.attempts}</td>
            <td className="px-3 py-2 font-mono text-xs">{p.lastError ?? '—'}</td>
            <td className="px-3 py-2">{formatDateTime(p.nextAttemptAt)}</td>
            <td className="px-3 py-2">{p.deliveredAt ? formatDateTime(p.deliveredAt) : t('players.waiting.never')}</td>
          </tr>
        ))}
      </PlainTable>
    </section>
  );
}

export function PlayersPage() {
  const { t } = useTranslation('sportsbook');
  const list = useQuery(playersQuery);
  const action = useFormAction([...sportsbookKey, 'players']);
  const [done, setDone] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setDone('');
    const form = e.currentTarget;
    const data = new FormData(form);
    const username = String(data.get('username') ?? '').trim();
    const ppm = factorPpmOf(String(data.get('factor') ?? ''));
    const invalid: Record<string, string> = {};
    if (!username) invalid.username = t('players.usernameRequired');
    if (ppm === undefined) invalid.factor = t('players.invalidFactor');
    action.setErrors(invalid);
    if (ppm === undefined || !username) return;
    if (await action.run(() => savePlayerFactor(username, ppm))) {
      setDone(t('players.saved', { username, factor: factorText(ppm) }));
      form.reset();
    }
  };
  const rows = list.data ?? [];
  const levelText = useLevelText();
  return (
    <div>
      <PageHeader title={t('players.title')} description={t('players.description')} />
      <form
        onSubmit={submit}
        noValidate
        aria-label={t('players.set')}
        className="mb-4 flex max-w-2xl flex-wrap items-start gap-3 rounded-lg border border-(--border) bg-(--surface-raised) p-3"
      >
        <div className="min-w-48 flex-1">
          <Field name="username" label={t('fields.username')} required maxLength={64} error={action.errors.username} />
        </div>
        <div className="w-40">
          <Field
            name="factor"
            label={t('players.factor')}
            hint={t('players.factorHint')}
            inputMode="decimal"
            required
            error={action.errors.factor}
          />
        </div>
        <Button type="submit" disabled={action.busy} className="mt-6">
          {t('players.set')}
        </Button>
        {action.error && (
          <p role="alert" className="basis-full text-sm text-(--danger)">
            {action.error}
          </p>
        )}
        {done && (
          <p role="status" className="basis-full text-sm text-(--success)">
            {done}
          </p>
        )}
      </form>
      <QueryErrorAlert error={list.error} />
      <PlainTable
        caption={t('players.title')}
        columns={[
          { label: t('fields.username') },
          { label: t('fields.player') },
          { label: t('players.traderFactor'), numeric: true },
          { label: t('players.riskLevel') },
          { label: t('players.riskFactor'), numeric: true },
          { label: t('players.applied'), numeric: true },
        ]}
        empty={list.isPending ? t('common.loading', { ns: 'core' }) : rows.length === 0 ? t('players.none') : undefined}
      >
        {rows.map((p) => (
          <tr key={p.player} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{p.username ?? '—'}</td>
            <td className="px-3 py-2 tabular-nums">{p.player}</td>
            <td className="px-3 py-2 text-right tabular-nums">{factorText(p.factorPpm)}</td>
            <td className="px-3 py-2">{p.riskLevel ? levelText(p.riskLevel) : '—'}</td>
            <td className="px-3 py-2 text-right tabular-nums">{factorText(p.riskFactorPpm)}</td>
            <td
              className={`px-3 py-2 text-right tabular-nums ${p.effectivePpm === 0 ? 'font-bold text-(--danger)' : ''}`}
            >
              {factorText(p.effectivePpm)}
            </td>
          </tr>
        ))}
      </PlainTable>
      <WaitingPushes />
    </div>
  );
}
