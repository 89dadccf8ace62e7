import type { ReferralSummary } from '@gamehall/shared/api/referrals';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../components/format-time';
import { LinkShare } from '../../components/link-qr';
import { Pager as PageButtons } from '../../components/pager';
import { RecordsTable } from '../../components/records-table';
import { useMoney } from '../../components/use-money';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { inviteesQuery, referralSummaryQuery } from './api';

const cell = 'whitespace-nowrap py-2 pr-4';
const row = 'border-t border-(--text-muted)/20';

// spec §2 member centre "invite friends (referral)": the member's code, link and QR code, the
// rewards the programme pays (as configured in the back office) and the friends invited so far.
export function ReferralPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const summary = useQuery(referralSummaryQuery(token));
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('member.menu.referral')}</h1>
      {summary.isError && (
        <p role="alert" className="mb-4 text-(--danger)">
          {errorMessage(t, summary.error)}
        </p>
      )}
      {summary.data && <Invite summary={summary.data} />}
      <Invitees />
      <p className="mt-6 text-sm">
        <Link to="/member/tickets" className="underline" data-testid="referral-tickets-link">
          {t('referrals.myTickets')}
        </Link>
      </p>
    </div>
  );
}

function Invite({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!summary.canInvite)
    return (
      <p className="rounded-md bg-(--surface) p-3 text-sm" data-testid="referral-off">
        {summary.enabled ? t('referrals.notForYou') : t('referrals.off')}
      </p>
    );
  return (
    <>
      <LinkShare
        link={summary.link}
        code={summary.code}
        texts={{
          link: t('referrals.link'),
          code: t('referrals.code'),
          hint: t('referrals.hint'),
          copy: (label) => t('referrals.copy', { label }),
          copied: t('referrals.copied'),
          qrAlt: t('referrals.qrAlt'),
          qrCaption: t('referrals.qrCaption'),
        }}
        testIds={{ link: 'member-referral-link', code: 'member-referral-code', qr: 'member-referral-qr' }}
      />
      <h2 className="mb-3 mt-8 font-semibold">{t('referrals.rewards')}</h2>
      <Rules summary={summary} />
      <p className="mt-3 text-sm" data-testid="referral-earned">
        {t('referrals.earned', { count: summary.invited, amount: money(summary.earned) })}
      </p>
    </>
  );
}

/** The rewards exactly as the back office configured them. */
function Rules({ summary }: { summary: ReferralSummary }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { registration, firstDeposit, turnover } = summary.rules;
  const lines: string[] = [];
  if (registration && registration.amount > 0)
    lines.push(t('referrals.rule.registration', { amount: money(registration.amount) }));
  if (firstDeposit) {
    if (firstDeposit.percent > 0)
      lines.push(
        t(firstDeposit.cap === null ? 'referrals.rule.depositPercent' : 'referrals.rule.depositPercentCap', {
          amount: money(firstDeposit.amount),
          percent: firstDeposit.percent,
          cap: firstDeposit.cap === null ? '' : money(firstDeposit.cap),
          min: money(firstDeposit.minDeposit),
        }),
      );
    else if (firstDeposit.amount > 0)
      lines.push(
        t('referrals.rule.deposit', { amount: money(firstDeposit.amount), min: money(firstDeposit.minDeposit) }),
      );
  }
  if (turnover && turnover.amount > 0)
    lines.push(t('referrals.rule.turnover', { amount: money(turnover.amount), threshold: money(turnover.threshold) }));
  const grantsTicket = [registration, firstDeposit, turnover].some((s) => s && s.ticketKindId !== null);
  if (grantsTicket) lines.push(t('referrals.rule.ticket'));
  if (lines.length === 0) return <p className="text-sm text-(--text-muted)">{t('referrals.rule.none')}</p>;
  return (
    <ul className="list-disc space-y-1 ps-5 text-sm" data-testid="referral-rules">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
      <li>{t(summary.rules.payAs === 'bonus' ? 'referrals.rule.payBonus' : 'referrals.rule.payCash')}</li>
      <li>{t('referrals.rule.self')}</li>
    </ul>
  );
}

function Invitees() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const list = useQuery(inviteesQuery(token, page));
  const yes = (v: boolean) => (v ? t('referrals.yes') : t('referrals.no'));
  return (
    <>
      <h2 className="mb-3 mt-8 font-semibold">{t('referrals.invited')}</h2>
      <RecordsTable
        caption={t('referrals.invited')}
        headers={[
          t('referrals.friend'),
          t('referrals.registeredAt'),
          t('referrals.firstDeposit'),
          t('referrals.turnoverReached'),
          t('referrals.earnedColumn'),
        ]}
        empty={!list.isPending && (list.data?.content.length ?? 0) === 0}
      >
        {list.data?.content.map((f) => (
          <tr key={`${f.username}-${f.registeredAt}`} className={row} data-testid="invitee-row">
            <td className={cell}>{f.username}</td>
            <td className={cell}>{formatTime(f.registeredAt)}</td>
            <td className={cell}>{yes(f.firstDeposit)}</td>
            <td className={cell}>{yes(f.turnoverReached)}</td>
            <td className={cell}>{money(f.earned)}</td>
          </tr>
        ))}
      </RecordsTable>
      {list.data && list.data.totalPages > 1 && (
        <PageButtons
          page={page}
          totalPages={list.data.totalPages}
          onChange={setPage}
          label={t('wallet.paging')}
          summary={`${page} / ${list.data.totalPages}`}
        />
      )}
    </>
  );
}
