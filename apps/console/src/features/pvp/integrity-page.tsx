import type { AdminPvpIntegrity } from '@gamehall/shared/api/pvp-history';
import { brandDay } from '@gamehall/shared/calendar-day';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateRangeFields, FilterForm } from '../../components/filter-form';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { formatMoney } from '../../lib/format';
import { useCan, useMe } from '../../lib/session';
import { daysBefore, integrityQuery } from './api';

// The integrity report (docs/pvp.md "Integrity report"): chip dumping and soft play between pairs of
// members over the chosen days, each flag with the figures that raised it in words, and the brand's
// thresholds it used (changed on the brand settings screen, "Card room integrity").

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

const pct = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 100) / whole));

function HandLinks({ ids }: { ids: number[] }) {
  const { t } = useTranslation('pvp');
  return (
    <p className="mt-1 text-xs">
      {t('integrity.hands')}{' '}
      {ids.map((id) => (
        <Link key={id} className="mr-2 text-(--accent) hover:underline" to={`/pvp/hands/${id}`}>
          #{id}
        </Link>
      ))}
    </p>
  );
}

export function IntegrityPage() {
  const { t } = useTranslation('pvp');
  const formId = useId();
  const [params, setParams] = useSearchParams();
  const today = brandDay(new Date(), useMe()?.brandTimeZone ?? 'UTC');
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? daysBefore(to, 6);
  const result = useQuery({ ...integrityQuery({ from, to }), placeholderData: keepPreviousData });
  const apply = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setParams(new URLSearchParams({ from: String(data.get('from')), to: String(data.get('to')) }));
  };
  const can = useCan();
  const r = result.data;
  const th = r?.thresholds;
  return (
    <div>
      <PageHeader title={t('integrity.title')} description={t('integrity.description')} />
      <FilterForm key={params.toString()} id={formId} label={t('integrity.filters')} onSubmit={apply}>
        <DateRangeFields formId={formId} from={from} to={to} labels={{ from: t('days.from'), to: t('days.to') }} />
        <Button type="submit">{t('days.show')}</Button>
      </FilterForm>
      <QueryErrorAlert error={result.error} />
      {result.isPending && <p>{t('common.loading', { ns: 'core' })}</p>}
      {r && th && (
        <>
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
            <p className="mt-1 text-(--text-muted)">
              {t('integrity.handsRead', { count: r.hands })}{' '}
              {can('site.write') ? (
                <Link className="text-(--accent) hover:underline" to="/site/settings">
                  {t('integrity.changeThresholds')}
                </Link>
              ) : (
                t('integrity.thresholdsWhere')
              )}
            </p>
          </section>
          <h2 className="mb-2 font-semibold">{t('integrity.dumpTitle')}</h2>
          {r.chipDumping.length === 0 ? (
            <p className="mb-6 text-(--text-muted)">{t('integrity.noDumping')}</p>
          ) : (
            <ul className="mb-6 space-y-3">
              {r.chipDumping.map((f) => (
                <li
                  key={`${f.from.name}>${f.to.name}`}
                  className="rounded-lg border border-(--border) p-3"
                  data-testid="pvp-dump-flag"
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
                      bigBlinds: th.dumpBigFoldBigBlinds,
                      tables: f.tables.join(', '),
                    })}
                  </p>
                  <HandLinks ids={f.handIds} />
                </li>
              ))}
            </ul>
          )}
          <h2 className="mb-2 font-semibold">{t('integrity.softTitle')}</h2>
          {r.softPlay.length === 0 ? (
            <p className="text-(--text-muted)">{t('integrity.noSoftPlay')}</p>
          ) : (
            <ul className="space-y-3">
              {r.softPlay.map((f) => (
                <li
                  key={`${f.a.name}+${f.b.name}`}
                  className="rounded-lg border border-(--border) p-3"
                  data-testid="pvp-soft-flag"
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
                      tables: f.tables.join(', '),
                    })}
                  </p>
                  <HandLinks ids={f.handIds} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
