import { TRADER_SPORTS, type TraderEvent } from '@gamehall/shared/api/sportsbook-trader';
import { brandDay } from '@gamehall/shared/calendar-day';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DayShortcuts, NEXT_SHORTCUTS, PAST_SHORTCUTS } from '../../components/day-shortcuts';
import { FILTER_INPUT, FilterField, FilterForm } from '../../components/filter-form';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { useBrandTimeZone } from '../../lib/brand-range';
import { formatDateTime } from '../../lib/format';
import { eventsQuery, money, percent } from './api';

// The book's events: filters in the URL, live scores and liability read again every few seconds.

const STATUSES = ['open', 'live', 'scheduled', 'ended', 'abandoned'] as const;
const PAGE_SIZE = 50;

export const statusTone: Record<TraderEvent['status'], Tone> = {
  live: 'success',
  break: 'warning',
  scheduled: 'muted',
  ended: 'muted',
  abandoned: 'danger',
};

/** The score as the trader reads it: the deciding score, and the counted one when it differs. */
export function scoreText(score: TraderEvent['score']): string {
  if (!score) return '';
  const { decided, counted } = score;
  const main = `${decided.home}–${decided.away}`;
  return decided.home === counted.home && decided.away === counted.away
    ? main
    : `${main} (${counted.home}–${counted.away})`;
}

export function EventsPage() {
  const { t } = useTranslation('sportsbook');
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'open';
  const sport = params.get('sport') ?? '';
  const league = params.get('league') ?? '';
  const day = params.get('day') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const timeZone = useBrandTimeZone();
  const pageNo = Number(params.get('page') ?? '1') || 1;
  const query = {
    status,
    sport: sport || undefined,
    league: league || undefined,
    day: day || undefined,
    from: (!day && from) || undefined,
    to: (!day && to) || undefined,
    pageNo,
    pageSize: PAGE_SIZE,
  };
  const result = useQuery({ ...eventsQuery(query), placeholderData: keepPreviousData });
  const rows = result.data?.list ?? [];
  const pages = Math.max(1, Math.ceil((result.data?.totalRow ?? 0) / PAGE_SIZE));

  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const name of ['status', 'sport', 'league', 'day']) {
      const v = String(data.get(name) ?? '').trim();
      if (v) next.set(name, v);
    }
    // A day chosen in the form replaces a shortcut's range; without one the range stays.
    if (!next.has('day') && from) next.set('from', from);
    if (!next.has('day') && to) next.set('to', to);
    setParams(next);
  };
  const pickDays = (days: { from: string; to: string } | null) => {
    const next = new URLSearchParams(params);
    for (const name of ['day', 'page', 'from', 'to']) next.delete(name);
    if (days) {
      next.set('from', days.from);
      next.set('to', days.to);
    }
    setParams(next);
  };
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  return (
    <div>
      <PageHeader title={t('events.title')} description={t('events.description')} />
      <FilterForm key={params.toString()} id={formId} label={t('events.filters')} onSubmit={apply}>
        <FilterField htmlFor={`${formId}-status`} label={t('fields.status')}>
          <select id={`${formId}-status`} name="status" defaultValue={status} className={FILTER_INPUT}>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`events.statusFilter.${s}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField htmlFor={`${formId}-sport`} label={t('fields.sport')}>
          <select id={`${formId}-sport`} name="sport" defaultValue={sport} className={FILTER_INPUT}>
            <option value="">{t('events.allSports')}</option>
            {TRADER_SPORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sports.${s}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField htmlFor={`${formId}-league`} label={t('fields.leagueId')}>
          <input id={`${formId}-league`} name="league" defaultValue={league} maxLength={64} className={FILTER_INPUT} />
        </FilterField>
        <FilterField htmlFor={`${formId}-day`} label={t('fields.day')}>
          <input id={`${formId}-day`} name="day" type="date" defaultValue={day} className={FILTER_INPUT} />
        </FilterField>
        <Button type="submit">{t('events.show')}</Button>
      </FilterForm>
      {timeZone && (
        <DayShortcuts
          shortcuts={[...PAST_SHORTCUTS, ...NEXT_SHORTCUTS]}
          today={brandDay(new Date(), timeZone)}
          from={day ? '' : from}
          to={day ? '' : to}
          onPick={pickDays}
        />
      )}
      <QueryErrorAlert error={result.error} />
      <PlainTable
        caption={t('events.title')}
        columns={[
          { label: t('fields.startsAt') },
          { label: t('fields.event') },
          { label: t('fields.status') },
          { label: t('fields.score') },
          { label: t('fields.stake'), numeric: true },
          { label: t('fields.liability'), numeric: true, hint: t('hints.eventLiability') },
          { label: t('fields.bets'), numeric: true },
          { label: t('fields.margin'), numeric: true },
        ]}
        empty={
          result.isPending ? t('common.loading', { ns: 'core' }) : rows.length === 0 ? t('events.none') : undefined
        }
      >
        {rows.map((e) => (
          <tr
            key={e.id}
            className="border-b border-(--border) last:border-b-0"
            data-testid="sb-event-row"
            data-event={e.id}
          >
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(e.startsAt)}</td>
            <td className="px-3 py-2">
              <Link
                to={`/sportsbook/events/${encodeURIComponent(e.id)}`}
                className="font-semibold text-(--accent) hover:underline"
              >
                {e.home} v {e.away}
              </Link>
              <span className="block text-xs text-(--text-muted)">
                {t(`sports.${e.sport}`)} · {e.league.name}
              </span>
            </td>
            <td className="px-3 py-2">
              <span className="flex flex-wrap items-center gap-1">
                <StatusBadge label={t(`status.${e.status}`)} tone={statusTone[e.status]} />
                {e.suspended && <StatusBadge label={t('market.suspended')} tone="danger" />}
                {e.corrections > 0 && (
                  <StatusBadge label={t('events.corrected', { count: e.corrections })} tone="warning" />
                )}
              </span>
            </td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {scoreText(e.score)}
              {e.phase && <span className="ml-1 text-xs text-(--text-muted)">{e.phase}</span>}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{money(e.stake)}</td>
            <td className={`px-3 py-2 text-right tabular-nums ${e.liability > 0 ? 'font-semibold' : ''}`}>
              {money(e.liability)}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{e.bets}</td>
            <td className="px-3 py-2 text-right tabular-nums">{percent(e.marginPpm)}</td>
          </tr>
        ))}
      </PlainTable>
      <nav aria-label={t('events.paging')} className="mt-3 flex items-center justify-end gap-2 text-sm">
        <Button variant="secondary" disabled={pageNo <= 1} onClick={() => goTo(pageNo - 1)}>
          {t('paging.previous')}
        </Button>
        <span>{t('events.page', { page: pageNo, pages })}</span>
        <Button variant="secondary" disabled={pageNo >= pages} onClick={() => goTo(pageNo + 1)}>
          {t('paging.next')}
        </Button>
      </nav>
    </div>
  );
}
