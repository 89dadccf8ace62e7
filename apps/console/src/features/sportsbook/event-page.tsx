import type { TraderEventDetail, TraderMarket } from '@gamehall/shared/api/sportsbook-trader';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { formatDateTime } from '../../lib/format';
import { eventAction, eventQuery, money, odds, percent, sportsbookKey } from './api';
import { scoreText, statusTone } from './events-page';

// One event: its markets with odds, status and the liability of each selection; suspend or resume a
// market or all of them, abandon, and enter or correct the result, each after a confirmation.

const marketTone: Record<TraderMarket['status'], Tone> = {
  open: 'success',
  suspended: 'danger',
  closed: 'muted',
  settled: 'muted',
};

/** A line in quarters as the trader reads it: 10 -> 2.5, -3 -> -0.75. */
function lineText(line4: number | null): string {
  if (line4 === null) return '';
  const value = line4 / 4;
  return value > 0 ? `+${value}` : String(value);
}

type Pending =
  | { kind: 'suspend' | 'resume'; markets?: string[]; label: string }
  | { kind: 'abandon' }
  | { kind: 'result'; body: ResultDraft };

type ResultDraft = {
  ft: { decided: { home: number; away: number }; counted: { home: number; away: number } };
  h1?: { decided: { home: number; away: number }; counted: { home: number; away: number } };
  correction: boolean;
  /** Why a match that has not started has a result (a walkover): the sportsbook refuses one without it. */
  beforeStart?: string;
};

export function EventPage() {
  const { t } = useTranslation('sportsbook');
  const { eventId = '' } = useParams();
  const queryClient = useQueryClient();
  const result = useQuery(eventQuery(eventId));
  const [pending, setPending] = useState<Pending | null>(null);
  const [notice, setNotice] = useState('');
  const event = result.data;

  const run = async (reason: string) => {
    if (!pending) return;
    const answer =
      pending.kind === 'result'
        ? await eventAction(eventId, 'result', { ...pending.body, reason })
        : pending.kind === 'abandon'
          ? await eventAction(eventId, 'abandon', { reason })
          : await eventAction(eventId, pending.kind, {
              reason,
              ...(pending.markets ? { markets: pending.markets } : {}),
            });
    queryClient.setQueryData(eventQuery(eventId).queryKey, answer.event);
    await queryClient.invalidateQueries({ queryKey: [...sportsbookKey, 'events'] });
    setNotice(
      answer.settled > 0 || answer.resettled > 0
        ? t('event.settledNotice', { settled: answer.settled, resettled: answer.resettled })
        : '',
    );
  };

  return (
    <div>
      <Link to="/sportsbook/events" className="mb-2 inline-flex items-center gap-1 text-sm text-(--accent) underline">
        <ArrowLeft size={14} aria-hidden />
        {t('event.back')}
      </Link>
      <QueryErrorAlert error={result.error} />
      {!event ? (
        <p className="text-sm text-(--text-muted)">{result.isPending ? t('common.loading', { ns: 'core' }) : ''}</p>
      ) : (
        <>
          <PageHeader
            title={`${event.home} v ${event.away}`}
            description={`${t(`sports.${event.sport}`)} · ${event.league.name} · ${formatDateTime(event.startsAt)}`}
            actions={
              <>
                <Button
                  variant="secondary"
                  onClick={() => setPending({ kind: 'suspend', label: t('event.allMarkets') })}
                >
                  {t('event.suspendAll')}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => setPending({ kind: 'resume', label: t('event.allMarkets') })}
                >
                  {t('event.resumeAll')}
                </Button>
                <Button
                  variant="danger"
                  disabled={event.status === 'abandoned'}
                  onClick={() => setPending({ kind: 'abandon' })}
                >
                  {t('event.abandon')}
                </Button>
              </>
            }
          />
          <EventFacts event={event} />
          {notice && (
            <p role="status" className="mb-3 text-sm text-(--success)">
              {notice}
            </p>
          )}
          <ResultForm event={event} onSubmit={(body) => setPending({ kind: 'result', body })} />
          <h2 className="mt-6 mb-2 text-lg font-bold">{t('event.markets')}</h2>
          <PlainTable
            caption={t('event.markets')}
            columns={[
              { label: t('fields.market') },
              { label: t('fields.status') },
              { label: t('fields.selections') },
              { label: t('fields.liability'), numeric: true, hint: t('hints.marketLiability') },
              { label: t('common.actions', { ns: 'core' }) },
            ]}
            empty={event.markets.length === 0 ? t('event.noMarkets') : undefined}
          >
            {event.markets.map((m) => (
              <MarketRow
                key={m.key}
                market={m}
                onToggle={() =>
                  setPending({
                    kind: m.status === 'suspended' ? 'resume' : 'suspend',
                    markets: [m.key],
                    label: m.key,
                  })
                }
              />
            ))}
          </PlainTable>
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? confirmTitle(t, pending) : ''}
        message={pending ? confirmMessage(t, pending) : undefined}
        confirmLabel={t('event.confirm')}
        danger={pending?.kind === 'abandon' || (pending?.kind === 'result' && pending.body.correction)}
        reason={{
          label: t('fields.reason'),
          max: pending?.kind === 'suspend' || pending?.kind === 'resume' ? 80 : 200,
        }}
        onConfirm={run}
        onClose={() => setPending(null)}
      />
    </div>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

function confirmTitle(t: T, p: Pending): string {
  if (p.kind === 'result') return p.body.correction ? t('event.correctTitle') : t('event.resultTitle');
  if (p.kind === 'abandon') return t('event.abandonTitle');
  return t(p.kind === 'suspend' ? 'event.suspendTitle' : 'event.resumeTitle', { markets: p.label });
}

function confirmMessage(t: T, p: Pending): string {
  if (p.kind === 'result') {
    const ft = p.body.ft;
    const text = t('event.resultConfirm', {
      score: scoreText(ft),
      h1: p.body.h1 ? scoreText(p.body.h1) : t('event.noHalf'),
    });
    return p.body.correction ? `${text} ${t('event.correctWarning')}` : text;
  }
  if (p.kind === 'abandon') return t('event.abandonConfirm');
  return t(p.kind === 'suspend' ? 'event.suspendConfirm' : 'event.resumeConfirm');
}

function EventFacts({ event }: { event: TraderEventDetail }) {
  const { t } = useTranslation('sportsbook');
  const facts: [string, React.ReactNode][] = [
    [
      t('fields.status'),
      <span key="s" className="flex flex-wrap gap-1">
        <StatusBadge label={t(`status.${event.status}`)} tone={statusTone[event.status]} />
        {event.suspended && <StatusBadge label={t('market.suspended')} tone="danger" />}
      </span>,
    ],
    [t('fields.score'), `${scoreText(event.score) || '—'}${event.phase ? ` · ${event.phase}` : ''}`],
    [t('fields.result'), event.result ? scoreText(event.result.ft) : '—'],
    [t('fields.stake'), money(event.stake)],
    [t('fields.liability'), money(event.liability)],
    [t('fields.bets'), String(event.bets)],
    [t('fields.margin'), percent(event.marginPpm)],
    [t('fields.corrections'), String(event.corrections)],
    [t('fields.source'), event.source],
  ];
  return (
    <dl className="mb-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 lg:grid-cols-5" data-testid="sb-event-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="rounded-md border border-(--border) bg-(--surface-raised) px-3 py-2">
          <dt className="text-xs text-(--text-muted)">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The columns of a market's selections, the first (its name) read left, the figures right. */
const SELECTION_COLUMNS = ['selection', 'odds', 'stake', 'liability', 'bets'] as const;

function MarketRow({ market, onToggle }: { market: TraderMarket; onToggle: () => void }) {
  const { t } = useTranslation('sportsbook');
  const suspended = market.status === 'suspended';
  const decided = market.status === 'settled' || market.status === 'closed';
  return (
    <tr
      className="border-b border-(--border) align-top last:border-b-0"
      data-testid="sb-market-row"
      data-market={market.key}
    >
      <td className="px-3 py-2">
        <span className="font-semibold">{t(`marketTypes.${market.type}`, { defaultValue: market.type })}</span>{' '}
        {lineText(market.line4)}
        <span className="block text-xs text-(--text-muted)">
          {t(`periods.${market.period}`, { defaultValue: market.period })} · {market.key}
        </span>
      </td>
      <td className="px-3 py-2">
        <StatusBadge label={t(`market.${market.status}`)} tone={marketTone[market.status]} />
        {market.suspendedBy && (
          <span className="block text-xs text-(--text-muted)">{t(`market.by.${market.suspendedBy}`)}</span>
        )}
      </td>
      <td className="px-3 py-2">
        <table className="w-full text-xs">
          <caption className="sr-only">{t('fields.selections')}</caption>
          <thead className="text-(--text-muted)">
            <tr>
              {SELECTION_COLUMNS.map((name) => (
                <th key={name} scope="col" className="pr-2 text-right font-normal first:text-left last:pr-0">
                  {t(`fields.${name}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {market.selections.map((s) => (
              <tr key={s.key}>
                <td className="pr-2">{s.key}</td>
                <td className="pr-2 text-right tabular-nums">{odds(s.odds1000)}</td>
                <td className="pr-2 text-right tabular-nums">{money(s.stake)}</td>
                <td className={`pr-2 text-right tabular-nums ${s.liability > 0 ? 'text-(--danger)' : ''}`}>
                  {money(s.liability)}
                </td>
                <td className="text-right tabular-nums">{s.bets}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </td>
      <td className="px-3 py-2 text-right tabular-nums font-semibold">{money(market.liability)}</td>
      <td className="px-3 py-2">
        {!decided && (
          <Button variant="secondary" className="px-2 py-1 text-xs" onClick={onToggle}>
            {suspended ? t('market.resume', { market: market.key }) : t('market.suspend', { market: market.key })}
          </Button>
        )}
      </td>
    </tr>
  );
}

const SCORE_INPUT =
  'mt-1 w-16 rounded-md border border-(--border) bg-(--surface) px-2 py-1.5 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

/** A sabong fight's endings as the book scores them: Meron (home) 1-0, Wala (away) 0-1, a draw 0-0. */
const FIGHT_ENDS = { meron: [1, 0], wala: [0, 1], draw: [0, 0] } as const;
type FightEnd = keyof typeof FIGHT_ENDS;

function fightEndOf(score: TraderEventDetail['score'] | undefined): FightEnd | null {
  const d = score?.decided;
  if (!d) return null;
  return d.home > d.away ? 'meron' : d.away > d.home ? 'wala' : 'draw';
}

/**
 * The result as the sportsbook settles it: the full-time score (deciding and counted) and optionally
 * the first half; a sabong fight's as Meron, Wala or a draw (a cancelled fight is an abandon).
 */
export function ResultForm({ event, onSubmit }: { event: TraderEventDetail; onSubmit: (body: ResultDraft) => void }) {
  const { t } = useTranslation('sportsbook');
  const id = useId();
  const [error, setError] = useState('');
  const initial = event.result?.ft ?? event.score;
  const correction = event.result !== null;
  const notStarted = event.status === 'scheduled' && Date.parse(event.startsAt) > Date.now();
  const sabong = event.sport === 'cockfight';
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    if (sabong) {
      const end = String(data.get('fight') ?? '') as FightEnd;
      if (!Object.hasOwn(FIGHT_ENDS, end)) {
        setError(t('result.fightRequired'));
        return;
      }
      const beforeStart = String(data.get('beforeStart') ?? '').trim();
      if (notStarted && beforeStart === '') {
        setError(t('result.beforeStartRequired'));
        return;
      }
      const [home, away] = FIGHT_ENDS[end];
      setError('');
      onSubmit({
        ft: { decided: { home, away }, counted: { home, away } },
        correction,
        ...(notStarted ? { beforeStart } : {}),
      });
      return;
    }
    const n = (name: string) => {
      const raw = String(data.get(name) ?? '').trim();
      return raw === '' ? undefined : Number(raw);
    };
    const pair = (prefix: string) => {
      const values = [n(`${prefix}-dh`), n(`${prefix}-da`), n(`${prefix}-ch`), n(`${prefix}-ca`)];
      if (values.every((v) => v === undefined)) return undefined;
      if (values.some((v) => v === undefined || !Number.isInteger(v) || v < 0)) return null;
      const [dh, da, ch, ca] = values as number[];
      return {
        decided: { home: dh as number, away: da as number },
        counted: { home: ch as number, away: ca as number },
      };
    };
    const ft = pair('ft');
    const h1 = pair('h1');
    if (!ft || h1 === null) {
      setError(t('result.invalid'));
      return;
    }
    const beforeStart = String(data.get('beforeStart') ?? '').trim();
    if (notStarted && beforeStart === '') {
      setError(t('result.beforeStartRequired'));
      return;
    }
    setError('');
    onSubmit({ ft, ...(h1 ? { h1 } : {}), correction, ...(notStarted ? { beforeStart } : {}) });
  };
  const scoreInputs = (prefix: string, defaults?: TraderEventDetail['score']) => (
    <div className="flex flex-wrap items-end gap-2">
      {(
        [
          ['dh', 'result.decidedHome', defaults?.decided.home],
          ['da', 'result.decidedAway', defaults?.decided.away],
          ['ch', 'result.countedHome', defaults?.counted.home],
          ['ca', 'result.countedAway', defaults?.counted.away],
        ] as const
      ).map(([suffix, label, value]) => (
        <div key={suffix} className="flex flex-col text-xs text-(--text-muted)">
          <label htmlFor={`${id}-${prefix}-${suffix}`}>{t(label)}</label>
          <input
            id={`${id}-${prefix}-${suffix}`}
            name={`${prefix}-${suffix}`}
            type="number"
            min={0}
            step={1}
            defaultValue={value ?? ''}
            className={SCORE_INPUT}
          />
        </div>
      ))}
    </div>
  );
  return (
    <form
      key={`${event.id}-${event.corrections}-${correction}`}
      onSubmit={submit}
      aria-label={correction ? t('result.correctTitle') : t('result.title')}
      className="rounded-lg border border-(--border) bg-(--surface-raised) p-3"
    >
      <h2 className="mb-1 text-base font-bold">{correction ? t('result.correctTitle') : t('result.title')}</h2>
      <p className="mb-3 text-xs text-(--text-muted)">
        {correction ? t('result.correctHint') : sabong ? t('result.fightHint') : t('result.hint')}
      </p>
      {sabong ? (
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-semibold">{t('result.fight')}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            {(Object.keys(FIGHT_ENDS) as FightEnd[]).map((end) => (
              <label key={end} className="flex items-center gap-1">
                <input
                  type="radio"
                  name="fight"
                  value={end}
                  defaultChecked={event.result !== null && fightEndOf(event.result.ft) === end}
                />
                {t(`result.fightEnds.${end}`, { home: event.home, away: event.away })}
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <>
          <fieldset className="mb-3">
            <legend className="mb-1 text-sm font-semibold">{t('result.ft')}</legend>
            {scoreInputs('ft', initial)}
          </fieldset>
          <fieldset className="mb-3">
            <legend className="mb-1 text-sm font-semibold">{t('result.h1')}</legend>
            {scoreInputs('h1', event.result?.h1)}
          </fieldset>
        </>
      )}
      {notStarted && (
        <div className="mb-3 flex flex-col text-sm">
          <label htmlFor={`${id}-before-start`} className="font-semibold">
            {t('result.beforeStart')}
          </label>
          <span className="text-xs text-(--text-muted)">{t('result.beforeStartHint')}</span>
          <input
            id={`${id}-before-start`}
            name="beforeStart"
            maxLength={200}
            className="mt-1 rounded border border-(--border) bg-(--surface) px-2 py-1"
          />
        </div>
      )}
      {error && (
        <p role="alert" className="mb-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" variant={correction ? 'danger' : 'primary'}>
        {correction ? t('result.correct') : t('result.enter')}
      </Button>
    </form>
  );
}
