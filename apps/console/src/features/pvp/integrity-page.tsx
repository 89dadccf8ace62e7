import {
  type AdminPvpIntegrity,
  type PvpFlagDecision,
  type PvpFlagReview,
  PvpFlagState,
} from '@gamehall/shared/api/pvp-history';
import { brandDay } from '@gamehall/shared/calendar-day';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DateRangeFields, FilterForm } from '../../components/filter-form';
import { QueryErrorAlert, StatusFilter } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { StatusBadge, type Tone } from '../../components/status-badge';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan, useMe } from '../../lib/session';
import { daysBefore, integrityQuery, pvpKey, reviewIntegrityFlag } from './api';

// The integrity report (docs/pvp.md "Integrity report"): chip dumping, soft play and linked accounts
// at a table between pairs of members over the chosen days, each flag with the figures that raised it in words, and the brand's
// thresholds it used (changed on the brand settings screen, "Card room integrity"). Each flag is
// cleared or confirmed with a reason (docs/pvp.md "Reviewing flags"); open flags are listed first.

type Member = AdminPvpIntegrity['chipDumping'][number]['from'];

function MemberLink({ member }: { member: Member }) {
  return member.memberId === null ? (
    <span>{member.name}</span>
  ) : (
    <Link className="font-semibold text-(--accent) hover:underline" to={`/members/${member.memberId}`}>
      {member.name}
    </Link>
  );
}

const STATE_TONES: Record<PvpFlagState, Tone> = { open: 'warning', cleared: 'muted', confirmed: 'danger' };

type ReviewedFlag = { key: string; firstHandId: number; lastHandId: number; review: PvpFlagReview };

/**
 * A flag's review: its state, the latest decision (who, when, why; or that new hands came after it)
 * and the buttons to clear or confirm it with a reason. A confirmation may raise both members' risk
 * level, offered to an operator who holds risk.write.
 */
function FlagReview({ flag, days }: { flag: ReviewedFlag; days: { from: string; to: string } }) {
  const { t } = useTranslation('pvp');
  const can = useCan();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<PvpFlagDecision | null>(null);
  const [raiseRisk, setRaiseRisk] = useState(false);
  const [stale, setStale] = useState(false);
  const { review } = flag;
  const last = review.last;
  const submit = async (reason: string) => {
    if (!decision) return;
    try {
      await reviewIntegrityFlag({
        ...days,
        key: flag.key,
        revision: review.revision,
        firstHandId: flag.firstHandId,
        lastHandId: flag.lastHandId,
        decision,
        reason,
        raiseRisk: decision === 'confirmed' && raiseRisk,
      });
    } catch (error) {
      // Someone else decided, or new hands came: the page shows the flag as it is now once the
      // dialog, which says so, is closed. Refreshed at once, a flag decided elsewhere could leave a
      // list filtered to open flags and take the dialog and its message with it.
      if (error instanceof ApiError && error.code === 'PVP_FLAG_REVIEW_CONFLICT') setStale(true);
      throw error;
    }
    await queryClient.invalidateQueries({ queryKey: pvpKey });
  };
  const close = () => {
    setDecision(null);
    setRaiseRisk(false);
    if (stale) {
      setStale(false);
      void queryClient.invalidateQueries({ queryKey: pvpKey });
    }
  };
  return (
    <div className="mt-2 flex flex-wrap items-start justify-between gap-2 border-t border-(--border) pt-2 text-sm">
      <div data-testid="pvp-flag-review">
        <StatusBadge label={t(`integrity.states.${review.state}`)} tone={STATE_TONES[review.state]} />
        {last && (
          <p className="mt-1 text-xs text-(--text-muted)">
            {t(review.newHands ? 'integrity.reviewedBefore' : 'integrity.reviewed', {
              decision: t(`integrity.states.${last.decision}`),
              by: last.by,
              at: formatDateTime(last.at),
              first: last.firstHandId,
              last: last.lastHandId,
              reason: last.reason,
            })}
            {last.raised.length > 0 && ` ${t('integrity.raised', { count: last.raised.length })}`}
          </p>
        )}
      </div>
      <div className="flex gap-1">
        {review.state !== 'cleared' && (
          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setDecision('cleared')}>
            {t('integrity.clear')}
          </Button>
        )}
        {review.state !== 'confirmed' && (
          <Button className="px-2 py-1 text-xs" onClick={() => setDecision('confirmed')}>
            {t('integrity.confirm')}
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={decision !== null}
        title={decision === 'confirmed' ? t('integrity.confirmTitle') : t('integrity.clearTitle')}
        message={
          <>
            <p>
              {t(decision === 'confirmed' ? 'integrity.confirmMessage' : 'integrity.clearMessage', {
                first: flag.firstHandId,
                last: flag.lastHandId,
              })}
            </p>
            {decision === 'confirmed' && can('risk.write') && (
              <label className="mt-3 flex items-center gap-2">
                <input type="checkbox" checked={raiseRisk} onChange={(e) => setRaiseRisk(e.target.checked)} />
                {t('integrity.raiseRisk')}
              </label>
            )}
          </>
        }
        confirmLabel={decision === 'confirmed' ? t('integrity.confirm') : t('integrity.clear')}
        danger={decision === 'confirmed'}
        reason={{ label: t('integrity.reason'), max: 500 }}
        onConfirm={submit}
        onClose={close}
      />
    </div>
  );
}

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 100) / whole));

function HandLinks({ ids }: { ids: number[] }) {
  const { t } = useTranslation('pvp');
  return (
    <p className="mt-1 text-xs">
      {t('integrity.hands')}{' '}
      {ids.map((id) => (
        <Link key={id} className="mr-2 text-(--accent) underline" to={`/pvp/hands/${id}`}>
          #{id}
        </Link>
      ))}
    </p>
  );
}

type LinkedFlag = AdminPvpIntegrity['linkedAccounts'][number];

/** Members sharing an address or a device who sat in the same hands: what they share, and the hands. */
function LinkedFlagItem({ flag, days }: { flag: LinkedFlag; days: { from: string; to: string } }) {
  const { t } = useTranslation('pvp');
  return (
    <li
      className="rounded-lg border border-(--border) p-3"
      data-testid="pvp-linked-flag"
      data-state={flag.review.state}
    >
      <p className="mb-1">
        <MemberLink member={flag.a} /> + <MemberLink member={flag.b} />
      </p>
      <ul className="mb-1 text-sm">
        {flag.shared.map((s) => (
          <li key={`${s.kind}:${s.value}`}>
            {t(`integrity.sharedKinds.${s.kind}`)}: <code className="break-all">{s.value}</code>{' '}
            <span className="text-(--text-muted)">({t(`integrity.linkStatus.${s.status}`)})</span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        {t('integrity.linkedWords', {
          a: flag.a.name,
          b: flag.b.name,
          hands: flag.hands,
          tables: flag.tables.join(', '),
        })}
        {flag.handIds.length < flag.hands && ` ${t('integrity.linkedHandsShown', { shown: flag.handIds.length })}`}
      </p>
      <HandLinks ids={flag.handIds} />
      <FlagReview flag={flag} days={days} />
    </li>
  );
}

/** The brand's thresholds the report used, the hands read and the flags by state. */
function Thresholds({ report: r }: { report: AdminPvpIntegrity }) {
  const { t } = useTranslation('pvp');
  const can = useCan();
  const th = r.thresholds;
  return (
    <section className="mb-6 rounded-lg border border-(--border) p-4 text-sm" data-testid="pvp-thresholds">
      <h2 className="mb-1 font-semibold">{t('integrity.thresholdsTitle')}</h2>
      <p>
        {t('integrity.dumpRule', {
          amount: formatMoney(th.dumpMinAmount),
          hands: th.dumpMinHands,
          percent: th.dumpMinSuspiciousPercent,
          bigBlinds: th.dumpBigFoldBigBlinds,
        })}
      </p>
      <p className="mt-1">
        {t('integrity.softRule', {
          streets: th.softMinSharedStreets,
          shared: th.softMaxSharedAggressionPercent,
          other: th.softMinOtherAggressionPercent,
        })}
      </p>
      <p className="mt-1">{t('integrity.linkedRule', { hands: th.linkedMinHands })}</p>
      <p className="mt-1 text-(--text-muted)">
        {t('integrity.handsRead', { count: r.hands })}{' '}
        <span data-testid="pvp-flag-counts">
          {t('integrity.counts', {
            open: r.counts.open,
            cleared: r.counts.cleared,
            confirmed: r.counts.confirmed,
          })}
        </span>{' '}
        {can('site.write') ? (
          <Link className="text-(--accent) hover:underline" to="/site/settings">
            {t('integrity.changeThresholds')}
          </Link>
        ) : (
          t('integrity.thresholdsWhere')
        )}
      </p>
    </section>
  );
}

export function IntegrityPage() {
  const { t } = useTranslation('pvp');
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const today = brandDay(new Date(), useMe()?.brandTimeZone ?? 'UTC');
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? daysBefore(to, 6);
  // Open flags by default: the ones waiting for a decision; "all" is the empty value.
  const stateParam = params.get('state') ?? 'open';
  const state = PvpFlagState.safeParse(stateParam).data;
  const result = useQuery({ ...integrityQuery({ from, to, state }), placeholderData: keepPreviousData });
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setParams(new URLSearchParams({ from: String(data.get('from')), to: String(data.get('to')), state: stateParam }));
  };
  const chooseState = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('state', value);
    setParams(next);
  };
  const r = result.data;
  return (
    <div>
      <PageHeader title={t('integrity.title')} description={t('integrity.description')} />
      <FilterForm key={params.toString()} id={formId} label={t('integrity.filters')} onSubmit={apply}>
        <DateRangeFields formId={formId} from={from} to={to} labels={{ from: t('days.from'), to: t('days.to') }} />
        <Button type="submit">{t('days.show')}</Button>
      </FilterForm>
      <StatusFilter
        id="pvp-flag-state"
        label={t('integrity.stateFilter')}
        value={state ?? ''}
        allLabel={t('integrity.allStates')}
        options={PvpFlagState.options.map((s) => ({ value: s, label: t(`integrity.states.${s}`) }))}
        onChange={chooseState}
      />
      <QueryErrorAlert error={result.error} />
      {result.isPending && <p>{t('common.loading', { ns: 'core' })}</p>}
      {r && (
        <>
          <Thresholds report={r} />
          <h2 className="mb-2 font-semibold">{t('integrity.dumpTitle')}</h2>
          {r.chipDumping.length === 0 ? (
            <p className="mb-6 text-(--text-muted)">
              {state ? t('integrity.noDumpingIn', { state: t(`integrity.states.${state}`) }) : t('integrity.noDumping')}
            </p>
          ) : (
            <ul className="mb-6 space-y-3">
              {r.chipDumping.map((f) => (
                <li
                  key={f.key}
                  className="rounded-lg border border-(--border) p-3"
                  data-testid="pvp-dump-flag"
                  data-state={f.review.state}
                >
                  <p className="mb-1">
                    <MemberLink member={f.from} /> → <MemberLink member={f.to} />
                  </p>
                  <p className="text-sm">
                    {t('integrity.dumpWords', {
                      from: f.from.name,
                      to: f.to.name,
                      lost: formatMoney(f.lost),
                      hands: f.hands,
                      back: formatMoney(f.lostBack),
                      net: formatMoney(f.lost - f.lostBack),
                      suspicious: formatMoney(f.suspiciousAmount),
                      percent: pct(f.suspiciousAmount, f.lost),
                      bigFolds: f.bigFolds,
                      weakAllIns: f.weakAllIns,
                      bigBlinds: r.thresholds.dumpBigFoldBigBlinds,
                      tables: f.tables.join(', '),
                    })}
                  </p>
                  <HandLinks ids={f.handIds} />
                  <FlagReview flag={f} days={{ from, to }} />
                </li>
              ))}
            </ul>
          )}
          <h2 className="mb-2 font-semibold">{t('integrity.softTitle')}</h2>
          {r.softPlay.length === 0 ? (
            <p className="text-(--text-muted)">
              {state
                ? t('integrity.noSoftPlayIn', { state: t(`integrity.states.${state}`) })
                : t('integrity.noSoftPlay')}
            </p>
          ) : (
            <ul className="space-y-3">
              {r.softPlay.map((f) => (
                <li
                  key={f.key}
                  className="rounded-lg border border-(--border) p-3"
                  data-testid="pvp-soft-flag"
                  data-state={f.review.state}
                >
                  <p className="mb-1">
                    <MemberLink member={f.a} /> + <MemberLink member={f.b} />
                  </p>
                  <p className="text-sm">
                    {t('integrity.softWords', {
                      a: f.a.name,
                      b: f.b.name,
                      shared: f.sharedStreets,
                      sharedAggressive: f.sharedAggressive,
                      sharedPercent: pct(f.sharedAggressive, f.sharedStreets),
                      other: f.otherStreets,
                      otherAggressive: f.otherAggressive,
                      otherPercent: pct(f.otherAggressive, f.otherStreets),
                      currency: f.currency,
                      bigBlind: formatMoney(f.bigBlind),
                      tables: f.tables.join(', '),
                    })}
                  </p>
                  <HandLinks ids={f.handIds} />
                  <FlagReview flag={f} days={{ from, to }} />
                </li>
              ))}
            </ul>
          )}
          <h2 className="mt-6 mb-2 font-semibold">{t('integrity.linkedTitle')}</h2>
          {r.linkedAccounts.length === 0 ? (
            <p className="text-(--text-muted)">
              {state ? t('integrity.noLinkedIn', { state: t(`integrity.states.${state}`) }) : t('integrity.noLinked')}
            </p>
          ) : (
            <ul className="space-y-3">
              {r.linkedAccounts.map((f) => (
                <LinkedFlagItem key={f.key} flag={f} days={{ from, to }} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
