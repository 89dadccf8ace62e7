import { PROMOTION_TYPES } from '@gamehall/shared/api/rewards';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { joinPromotion, type Promotion, promotionQuery, promotionsQuery } from './api';
import { Leaderboard } from './leaderboard';
import { formatTime, useMoney } from './ui';

// spec §1 "promotions by type": /promotions lists the running and past programmes by type;
// /promotions/:id shows one with its rules, period, eligibility and the §4 status.

function Terms({ p }: { p: Promotion }) {
  const { t } = useTranslation();
  const money = useMoney();
  const items: string[] = [];
  if (p.percent !== null)
    items.push(t('rewards.terms.match', { percent: p.percent, cap: p.cap === null ? '-' : money(p.cap) }));
  if (p.amount !== null)
    items.push(
      p.payAs === 'ticket'
        ? t('rewards.terms.tickets', { count: p.amount })
        : t('rewards.terms.amount', { amount: money(p.amount) }),
    );
  if (p.minDeposit !== null) items.push(t('rewards.terms.minDeposit', { amount: money(p.minDeposit) }));
  if (p.nthDeposit !== null) items.push(t('rewards.terms.nth', { n: p.nthDeposit }));
  if (p.wageringMultiple !== null)
    items.push(t(`rewards.terms.wagering.${p.wageringBase ?? 'bonus'}`, { multiple: p.wageringMultiple }));
  if (p.prizes !== null)
    items.push(t('rewards.terms.prizes', { prizes: p.prizes.map((x, i) => `${i + 1}. ${money(x)}`).join(', ') }));
  if (p.onePerPerson) items.push(t('rewards.terms.onePerPerson'));
  if (p.maxBet !== null) items.push(t('rewards.terms.maxBet', { amount: money(p.maxBet) }));
  items.push(t(`rewards.paidAs.${p.payAs}`));
  return (
    <ul className="list-disc ps-5 text-sm text-(--text-muted)">
      {items.map((i) => (
        <li key={i}>{i}</li>
      ))}
    </ul>
  );
}

export function PromotionsPage() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const [search, setSearch] = useSearchParams();
  const type = search.get('type') ?? undefined;
  const list = useQuery(promotionsQuery(token, i18n.language.toLowerCase(), type));
  return (
    <div className="mx-auto max-w-5xl p-4">
      <h1 className="mb-4 text-2xl font-bold">{t('rewards.promotions')}</h1>
      <nav className="mb-6 flex flex-wrap gap-2" aria-label={t('rewards.byType')}>
        <Button variant={type ? 'ghost' : 'primary'} onClick={() => setSearch({})}>
          {t('rewards.allTypes')}
        </Button>
        {PROMOTION_TYPES.map((ty) => (
          <Button key={ty} variant={type === ty ? 'primary' : 'ghost'} onClick={() => setSearch({ type: ty })}>
            {t(`rewards.types.${ty}`)}
          </Button>
        ))}
      </nav>
      {list.data && list.data.list.length === 0 && <p className="text-(--text-muted)">{t('rewards.none')}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        {list.data?.list.map((p) => (
          <article key={p.id} className="rounded-lg bg-(--surface-raised) p-4" data-testid="promotion-card">
            {p.imageUrl && (
              <img
                src={p.imageUrl}
                alt=""
                width={640}
                height={240}
                loading="lazy"
                className="mb-3 h-auto w-full rounded-md"
              />
            )}
            <div className="mb-1 flex items-center justify-between gap-2">
              <span className="text-xs uppercase text-(--text-muted)">{t(`rewards.types.${p.type}`)}</span>
              <span className="rounded-full bg-(--accent)/15 px-2 py-0.5 text-xs font-semibold text-(--accent)">
                {t(`rewards.status.${p.status}`, { defaultValue: p.status })}
              </span>
            </div>
            <h2 className="text-lg font-semibold">
              <Link to={`${paths.promotions}/${p.id}`}>{p.title}</Link>
            </h2>
            <p className="mb-2 text-sm">{p.summary}</p>
            <Terms p={p} />
          </article>
        ))}
      </div>
    </div>
  );
}

export function PromotionDetailPage() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const id = Number(useParams().id);
  const query = useQuery({
    ...promotionQuery(token, i18n.language.toLowerCase(), id),
    enabled: Number.isSafeInteger(id),
  });
  const join = useMutation({
    mutationFn: joinPromotion,
    onSettled: () => void client.invalidateQueries({ queryKey: ['rewards'] }),
  });
  const p = query.data;
  if (query.error)
    return (
      <p role="alert" className="p-4">
        {query.error instanceof ApiError ? t(`errors.${query.error.code}`, { defaultValue: query.error.message }) : ''}
      </p>
    );
  if (!p) return null;
  return (
    <div className="mx-auto max-w-3xl p-4">
      <Link to={paths.promotions} className="text-sm text-(--accent)">
        {t('rewards.promotions')}
      </Link>
      <h1 className="my-2 text-2xl font-bold">{p.title}</h1>
      {p.imageUrl && <img src={p.imageUrl} alt="" width={960} height={360} className="mb-3 h-auto w-full rounded-lg" />}
      <p className="mb-2 text-sm text-(--text-muted)">
        {t('rewards.period', {
          from: formatTime(p.startsAt),
          to: p.endsAt ? formatTime(p.endsAt) : t('rewards.noEnd'),
        })}
      </p>
      <p className="mb-4">
        <span
          className="rounded-full bg-(--accent)/15 px-2 py-0.5 text-sm font-semibold text-(--accent)"
          data-testid="promotion-status"
        >
          {t(`rewards.status.${p.status}`, { defaultValue: p.status })}
        </span>
      </p>
      <p className="mb-4">{p.summary}</p>
      <Terms p={p} />
      {p.kind === 'ranking' && <Leaderboard promotionId={p.id} />}
      <h2 className="mt-6 mb-2 text-lg font-semibold">{t('rewards.rules')}</h2>
      <p className="whitespace-pre-line text-sm">{p.rules}</p>
      <div className="mt-6 flex gap-3">
        {token && p.requiresJoin && p.status === 'Join' && (
          <Button disabled={join.isPending} onClick={() => join.mutate(p.id)}>
            {t('rewards.join')}
          </Button>
        )}
        {token && p.status === 'Claim' && (
          <Link to={`${paths.member}/rewardCenter`} className="text-(--accent) underline">
            {t('rewards.goClaim')}
          </Link>
        )}
      </div>
    </div>
  );
}
