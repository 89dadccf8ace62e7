import type { MemberSummary } from '@gamehall/shared/api/admin-members';
import { useQuery } from '@tanstack/react-query';
import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { memberSummaryQuery } from './api';
import { typeLabel } from './member-format';
import { Revealable } from './revealable';

// The member page's first tab: what an operator reads before deciding on a member, from one answer
// (GET /admin/members/:id/summary). Responsible play comes first, as a banner, so no decision is
// taken without seeing a limit, a time-out or a self-exclusion.

type Summary = z.output<typeof MemberSummary>;
type Limit = Summary['responsible']['limits'][number];

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
      <h2 className="mb-3 text-sm font-bold tracking-wide text-(--text-muted) uppercase">{title}</h2>
      {children}
    </section>
  );
}

function Rows({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-(--text-muted)">{k}</dt>
          <dd className="break-all">{v === null || v === '' ? '-' : v}</dd>
        </div>
      ))}
    </dl>
  );
}

function ResponsibleBanner({ s }: { s: Summary }) {
  const { t } = useTranslation('members');
  const { limits, break: pause, realityCheckMinutes } = s.responsible;
  const currency = s.balances.currency;
  const amount = (l: Limit, v: number) =>
    l.key === 'sessionMinutes' ? t('summary.minutes', { count: v }) : formatMoney(v, currency);
  const quiet = !pause && limits.length === 0 && realityCheckMinutes === null;
  const tone = pause?.kind === 'exclusion' ? 'danger' : pause ? 'warning' : 'muted';
  const border = { danger: 'border-(--danger)', warning: 'border-(--accent)', muted: 'border-(--border)' }[tone];
  return (
    <section
      aria-label={t('summary.responsible')}
      data-testid="responsible-banner"
      className={`mb-4 flex gap-3 rounded-lg border-2 ${border} bg-(--surface-raised) p-4 text-sm`}
    >
      {quiet ? (
        <ShieldCheck size={20} aria-hidden className="shrink-0 text-(--text-muted)" />
      ) : (
        <ShieldAlert
          size={20}
          aria-hidden
          className={`shrink-0 ${tone === 'danger' ? 'text-(--danger)' : 'text-(--accent)'}`}
        />
      )}
      <div className="grid gap-1">
        <h2 className="font-bold">{t('summary.responsible')}</h2>
        {quiet && <p className="text-(--text-muted)">{t('summary.noProtection')}</p>}
        {pause && (
          <p className={tone === 'danger' ? 'font-semibold text-(--danger)' : 'font-semibold'}>
            {t(`summary.break.${pause.kind}`)}:{' '}
            {pause.until ? t('summary.break.until', { at: formatDateTime(pause.until) }) : t('summary.break.permanent')}{' '}
            ({t('summary.break.since', { at: formatDateTime(pause.startedAt) })})
          </p>
        )}
        {limits.length > 0 && (
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {limits.map((l) => (
              <li key={l.key}>
                <span className="text-(--text-muted)">{t(`summary.limits.${l.key}`)}:</span>{' '}
                {l.value === null
                  ? t('summary.noLimit')
                  : t('summary.used', { used: amount(l, l.used), limit: amount(l, l.value) })}
                {l.pending &&
                  ` ${t('summary.pending', {
                    value: l.pending.value === null ? t('summary.noLimit') : amount(l, l.pending.value),
                    at: formatDateTime(l.pending.effectiveAt),
                  })}`}
              </li>
            ))}
          </ul>
        )}
        {realityCheckMinutes !== null && (
          <p>
            <span className="text-(--text-muted)">{t('summary.realityCheck')}:</span>{' '}
            {t('summary.minutes', { count: realityCheckMinutes })}
          </p>
        )}
      </div>
    </section>
  );
}

const RISK_TONES = { low: 'success', normal: 'muted', high: 'warning', blocked: 'danger' } as const;

/** The member's risk level, open flags and links at a glance (docs/risk.md); the Risk tab has the detail. */
function RiskBadge({ risk }: { risk: Summary['risk'] }) {
  const { t } = useTranslation('members');
  const label = [
    t('summary.risk.level', { level: t(`summary.risk.levels.${risk.level}`) }),
    t('summary.risk.flags', { count: risk.openFlags }),
    t('summary.risk.links', { count: risk.links }),
  ].join(' · ');
  const tone = risk.level === 'normal' && (risk.openFlags > 0 || risk.links > 0) ? 'warning' : RISK_TONES[risk.level];
  return (
    <span data-testid="risk-badge">
      <StatusBadge label={label} tone={tone} />
    </span>
  );
}

/** The names on the member's transfer slips, each against the verified name. */
function Payees({ s }: { s: Summary }) {
  const { t } = useTranslation('members');
  if (s.payees === null) return <span className="text-(--text-muted)">{t('summary.payees.noCashier')}</span>;
  if (s.payees.length === 0) return <span className="text-(--text-muted)">{t('summary.payees.none')}</span>;
  return (
    <ul className="grid gap-1" data-testid="payee-names">
      {s.payees.map((p) => (
        <li key={`${p.source}:${p.name}`} className="flex flex-wrap items-center gap-2">
          <span>{p.name}</span>
          <span className="text-xs text-(--text-muted)">{t(`summary.payees.${p.source}`)}</span>
          <StatusBadge
            label={t(`summary.payees.match.${p.match}`)}
            tone={p.match === 'match' ? 'success' : p.match === 'mismatch' ? 'danger' : 'muted'}
          />
        </li>
      ))}
    </ul>
  );
}

/** Progress toward one of the next level's thresholds, as a bar and in words. */
function Progress({
  label,
  value,
  target,
  currency,
}: {
  label: string;
  value: number;
  target: number;
  currency: string;
}) {
  const { t } = useTranslation('members');
  const percent = target <= 0 ? 100 : Math.min(100, Math.floor((value / target) * 100));
  return (
    <div className="grid gap-1 text-sm">
      <div className="flex justify-between gap-2">
        <span className="text-(--text-muted)">{label}</span>
        <span>
          {t('summary.vip.of', { value: formatMoney(value, currency), target: formatMoney(target, currency) })}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-(--surface)"
      >
        <div className="h-full bg-(--accent)" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function Figures({ s }: { s: Summary }) {
  const { t } = useTranslation('members');
  const c = s.balances.currency;
  const money = (v: number) => formatMoney(v, c);
  const counted = (v: number, n: number) => `${money(v)} (${n})`;
  const rows: [string, string, string][] = [];
  if (s.payments) {
    const { lifetime: l, last30Days: r } = s.payments;
    rows.push([
      t('summary.figures.deposits'),
      counted(l.deposits, l.depositCount),
      counted(r.deposits, r.depositCount),
    ]);
    rows.push([
      t('summary.figures.withdrawals'),
      counted(l.withdrawals, l.withdrawalCount),
      counted(r.withdrawals, r.withdrawalCount),
    ]);
  }
  const { lifetime: pl, last30Days: pr } = s.play;
  rows.push([t('summary.figures.bets'), money(pl.bets), money(pr.bets)]);
  rows.push([t('summary.figures.wins'), money(pl.wins), money(pr.wins)]);
  rows.push([t('summary.figures.ggr'), money(pl.ggr), money(pr.ggr)]);
  rows.push([t('summary.figures.rounds'), String(pl.rounds), String(pr.rounds)]);
  return (
    <Card title={t('summary.figures.title')}>
      <table className="w-full text-sm" aria-label={t('summary.figures.title')}>
        <thead>
          <tr className="text-(--text-muted)">
            <th scope="col" className="text-start font-normal">
              <span className="sr-only">{t('summary.figures.figure')}</span>
            </th>
            <th scope="col" className="text-end font-normal">
              {t('summary.figures.lifetime')}
            </th>
            <th scope="col" className="text-end font-normal">
              {t('summary.figures.last30Days')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, lifetime, recent]) => (
            <tr key={label}>
              <th scope="row" className="text-start font-normal text-(--text-muted)">
                {label}
              </th>
              <td className="text-end tabular-nums">{lifetime}</td>
              <td className="text-end tabular-nums">{recent}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2 text-xs text-(--text-muted)">
        {s.figuresAsOf ? t('summary.figures.asOf', { at: formatDateTime(s.figuresAsOf) }) : t('summary.figures.notYet')}
        {!s.payments && ` ${t('summary.figures.noCashier')}`}
      </p>
    </Card>
  );
}

export function SummaryTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const summary = useQuery(memberSummaryQuery(id));
  if (summary.isError)
    return (
      <p role="alert" className="text-sm text-(--danger)">
        {errorMessage(summary.error)}
      </p>
    );
  if (!summary.data) return <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>;
  const s = summary.data;
  const c = s.balances.currency;
  const next = s.vip.next;
  return (
    <div>
      <ResponsibleBanner s={s} />
      <div className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-(--text-muted)">{t('summary.risk.title')}:</span>
        <RiskBadge risk={s.risk} />
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <Card title={t('summary.identity')}>
          <Rows
            rows={[
              [
                t('summary.verifiedName'),
                s.identity.verifiedName === null ? (
                  t('summary.notVerified')
                ) : (
                  <Revealable
                    key="verifiedName"
                    memberId={s.id}
                    field="verifiedName"
                    value={s.identity.verifiedName}
                    label={t('summary.verifiedName')}
                  />
                ),
              ],
              [t('summary.kycLevel'), t('summary.level', { level: s.identity.kycLevel })],
              [t('summary.payees.title'), <Payees key="payees" s={s} />],
            ]}
          />
        </Card>
        <Card title={t('summary.vip.title')}>
          <p className="mb-2 text-sm">
            {t('summary.vip.current', { level: s.vip.level, label: s.vip.labelName || '-' })}
          </p>
          {next ? (
            <div className="grid gap-2">
              <p className="text-xs text-(--text-muted)">
                {t('summary.vip.toNext', { level: next.level, label: next.labelName, days: s.vip.windowDays })}
              </p>
              <Progress
                label={t('summary.vip.deposits')}
                value={s.vip.deposits}
                target={next.minDeposit}
                currency={c}
              />
              <Progress
                label={t('summary.vip.validBets')}
                value={s.vip.validBets}
                target={next.minValidBet}
                currency={c}
              />
            </div>
          ) : (
            <p className="text-xs text-(--text-muted)">{t('summary.vip.top')}</p>
          )}
        </Card>
        <Card title={t('member.balances')}>
          <Rows
            rows={[
              [t('summary.cash'), formatMoney(s.balances.cash, c)],
              [t('member.held'), formatMoney(s.balances.held, c)],
              [t('member.available'), formatMoney(s.balances.available, c)],
              [t('summary.bonus'), formatMoney(s.balances.bonus, c)],
              [t('summary.points'), s.balances.points.toLocaleString('en')],
            ]}
          />
        </Card>
        <div className="lg:col-span-2">
          <Figures s={s} />
        </div>
        <Card title={t('summary.uplines')}>
          {s.uplines.length === 0 ? (
            <p className="text-sm text-(--text-muted)">{t('summary.noUpline')}</p>
          ) : (
            <ol className="grid gap-1 text-sm">
              {s.uplines.map((u, i) => (
                <li key={u.id} className="flex flex-wrap items-center gap-2">
                  <Link className="text-(--accent) hover:underline" to={`/members/${u.id}`}>
                    {u.username}
                  </Link>
                  <span className="text-xs text-(--text-muted)">{typeLabel(t, u.type)}</span>
                  {i === 0 && <StatusBadge label={t('summary.direct')} tone="muted" />}
                  {i === s.uplines.length - 1 && <StatusBadge label={t('summary.top')} tone="warning" />}
                </li>
              ))}
            </ol>
          )}
        </Card>
        <Card title={t('summary.tags')}>
          {s.tags.length === 0 ? (
            <p className="text-sm text-(--text-muted)">{t('member.noTags')}</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {s.tags.map((tag) => (
                <StatusBadge key={tag} label={tag} tone="muted" />
              ))}
            </div>
          )}
        </Card>
        <div className="lg:col-span-2">
          <Card title={t('summary.notes', { count: s.notes.total })}>
            {s.notes.latest.length === 0 ? (
              <p className="text-sm text-(--text-muted)">{t('summary.noNotes')}</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {s.notes.latest.map((n) => (
                  <li key={n.id}>
                    <p className="whitespace-pre-wrap">{n.text}</p>
                    <p className="text-xs text-(--text-muted)">
                      {n.operator} · {formatDateTime(n.createdAt)}
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {s.notes.total > s.notes.latest.length && (
              <Link className="mt-2 inline-block text-sm text-(--accent) hover:underline" to="?tab=notes">
                {t('summary.allNotes', { count: s.notes.total })}
              </Link>
            )}
          </Card>
        </div>
      </div>
    </div>
  );
}
