import type { MemberOverview } from '@gamehall/shared/api/admin-members';
import { Button } from '@gamehall/ui/button';
import { Tabs } from '@gamehall/ui/tabs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { MEMBER_TABS } from '../../app/registry';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { actOnMember, type MemberAction, memberQuery, membersKey } from './api';
import { AdjustDialog, AgentDialog, TagsDialog, UplineDialog } from './member-dialogs';
import { memberState, typeLabel } from './member-format';
import { SummaryTab } from './member-summary';
import {
  AuditTab,
  BankAccountsTab,
  DepositsTab,
  DevicesTab,
  LedgerTab,
  LoginsTab,
  NotesTab,
  RoundsTab,
  WithdrawalsTab,
} from './member-tabs';
import { Revealable } from './revealable';

type Member = z.output<typeof MemberOverview>;

const TABS = [
  'summary',
  'overview',
  'ledger',
  'deposits',
  'withdrawals',
  'bankAccounts',
  'devices',
  'rounds',
  'logins',
  'notes',
  'audit',
] as const;
type Tab = (typeof TABS)[number];
// Cashier data: shown to operators who hold cashier.read (the server refuses the rest).
const CASHIER_TABS: readonly Tab[] = ['deposits', 'withdrawals', 'bankAccounts'];

function Facts({ title, rows }: { title: string; rows: [string, React.ReactNode][] }) {
  return (
    <section className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
      <h2 className="mb-3 text-sm font-bold tracking-wide text-(--text-muted) uppercase">{title}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-(--text-muted)">{k}</dt>
            <dd className="break-all">{v === null || v === '' ? '-' : v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Overview({ member }: { member: Member }) {
  const { t } = useTranslation('members');
  const yesNo = (v: boolean) => <StatusBadge label={v ? t('yes') : t('no')} tone={v ? 'success' : 'muted'} />;
  const flags = member.flags;
  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <Facts
        title={t('member.account')}
        rows={[
          [t('id'), member.id],
          [t('username'), member.username],
          [t('member.nickname'), member.nickname],
          [
            t('member.fullName'),
            member.fullName === null ? null : (
              <Revealable
                key="fullName"
                memberId={member.id}
                field="fullName"
                value={member.fullName}
                label={t('member.fullName')}
              />
            ),
          ],
          [t('type'), typeLabel(t, member.type)],
          [t('vip'), member.vipLevel],
          [
            t('upline'),
            member.upline ? (
              <Link key="upline" className="text-(--accent) hover:underline" to={`/members/${member.upline.id}`}>
                {member.upline.username}
              </Link>
            ) : null,
          ],
          [t('member.downlines'), member.downlineCount],
          [
            t('mobile'),
            member.mobile === null ? null : (
              <Revealable key="mobile" memberId={member.id} field="mobile" value={member.mobile} label={t('mobile')} />
            ),
          ],
          [
            t('email'),
            member.email === null ? null : (
              <Revealable key="email" memberId={member.id} field="email" value={member.email} label={t('email')} />
            ),
          ],
          [t('member.language'), member.language],
          [t('created'), formatDateTime(member.createdAt)],
          [t('member.registerIp'), member.registerIp],
          [t('member.registerDomain'), member.registerDomain],
          [
            t('lastLogin'),
            member.lastLoginAt ? `${formatDateTime(member.lastLoginAt)} (${member.lastLoginIp ?? '-'})` : null,
          ],
        ]}
      />
      <Facts
        title={t('member.balances')}
        rows={[
          [t('balance'), formatMoney(member.balances.balance, member.balances.currency)],
          [t('member.held'), formatMoney(member.balances.held, member.balances.currency)],
          [t('member.available'), formatMoney(member.balances.available, member.balances.currency)],
        ]}
      />
      <Facts
        title={t('member.flags')}
        rows={[
          [t('member.flag.paymentPasswordSet'), yesNo(flags.paymentPasswordSet)],
          [t('member.flag.mobileBound'), yesNo(flags.mobileBound)],
          [t('member.flag.emailBound'), yesNo(flags.emailBound)],
          [t('member.flag.twoFactor'), yesNo(flags.twoFactor)],
          [
            t('member.flag.locked'),
            <StatusBadge
              key="locked"
              label={flags.locked ? t('yes') : t('no')}
              tone={flags.locked ? 'danger' : 'muted'}
            />,
          ],
          [
            t('member.flag.loginLockedUntil'),
            flags.loginLockedUntil ? (
              <StatusBadge key="lockout" label={formatDateTime(flags.loginLockedUntil)} tone="danger" />
            ) : (
              t('no')
            ),
          ],
          [t('member.flag.mustChangePassword'), yesNo(flags.mustChangePassword)],
        ]}
      />
    </div>
  );
}

type Dialog = 'upline' | 'agent' | 'tags' | 'adjust' | null;

function Actions({ member }: { member: Member }) {
  const { t } = useTranslation('members');
  const can = useCan();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<MemberAction | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const write = can('members.write');
  const simple: MemberAction[] = [
    ...(member.flags.locked || member.flags.loginLockedUntil ? (['unlock'] as const) : []),
    ...(member.flags.locked ? [] : (['lock'] as const)),
    'forcePasswordChange',
    ...(member.flags.emailBound ? (['sendResetLink'] as const) : []),
    ...(member.flags.paymentPasswordSet ? (['resetPaymentPassword'] as const) : []),
  ];
  const needsReason = confirming === 'lock' || confirming === 'unlock';
  return (
    <>
      {write &&
        simple.map((a) => (
          <Button key={a} variant={a === 'lock' ? 'danger' : 'secondary'} onClick={() => setConfirming(a)}>
            {t(`actions.${a}`)}
          </Button>
        ))}
      {write && (
        <>
          <Button variant="secondary" onClick={() => setDialog('upline')}>
            {t('actions.upline')}
          </Button>
          {!member.isAgent && (
            <Button variant="secondary" onClick={() => setDialog('agent')}>
              {t('actions.agent')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => setDialog('tags')}>
            {t('actions.tags')}
          </Button>
        </>
      )}
      {can('wallet.adjust') && <Button onClick={() => setDialog('adjust')}>{t('actions.adjust')}</Button>}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming ? t(`actions.${confirming}`) : ''}
        message={
          confirming ? t(`confirm.${confirming}`, { username: member.username, email: member.email ?? '' }) : undefined
        }
        confirmLabel={confirming ? t(`actions.${confirming}`) : ''}
        danger={confirming === 'lock' || confirming === 'resetPaymentPassword'}
        {...(needsReason ? { reason: { label: t('common.reason', { ns: 'core' }), max: 500 } } : {})}
        onConfirm={async (reason) => {
          if (!confirming) return;
          await actOnMember(member.id, confirming, needsReason ? reason : undefined);
          await queryClient.invalidateQueries({ queryKey: membersKey });
        }}
        onClose={() => setConfirming(null)}
      />
      <UplineDialog member={member} open={dialog === 'upline'} onClose={() => setDialog(null)} />
      {dialog === 'agent' && <AgentDialog member={member} open onClose={() => setDialog(null)} />}
      <TagsDialog member={member} open={dialog === 'tags'} onClose={() => setDialog(null)} />
      <AdjustDialog member={member} open={dialog === 'adjust'} onClose={() => setDialog(null)} />
    </>
  );
}

// The namespaces of the tabs other features add, loaded with the page's own.
const TAB_NAMESPACES = ['members', ...new Set(MEMBER_TABS.map((extra) => extra.area))];

export function MemberPage() {
  const { t } = useTranslation(TAB_NAMESPACES);
  const params = useParams();
  const id = Number(params.id);
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const tabs = TABS.filter((tab) => !CASHIER_TABS.includes(tab) || can('cashier.read'));
  // Tabs other features add (the Risk panel), each under its own permission.
  const extraTabs = MEMBER_TABS.filter((extra) => can(extra.permission));
  const tabParam = search.get('tab');
  const tab: string = [...tabs, ...extraTabs.map((extra) => extra.value)].includes(tabParam ?? '')
    ? (tabParam as string)
    : 'summary';
  const member = useQuery({ ...memberQuery(id), enabled: Number.isSafeInteger(id) && id > 0 });

  const back = (
    <Link to="/members" className="mb-3 inline-flex items-center gap-1 text-sm text-(--accent) hover:underline">
      <ArrowLeft size={14} aria-hidden />
      {t('member.back')}
    </Link>
  );
  if (member.isError || !(Number.isSafeInteger(id) && id > 0)) {
    const missing = !(member.error instanceof ApiError) || member.error.status === 404;
    return (
      <div>
        {back}
        <h1 className="text-xl font-bold">{t('search.title')}</h1>
        <p role="alert" className="mt-2 text-sm text-(--danger)">
          {missing ? t('member.notFound') : errorMessage(member.error)}
        </p>
      </div>
    );
  }
  if (!member.data) return <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>;
  const m = member.data;

  const content: Record<Tab, React.ReactNode> = {
    summary: <SummaryTab id={id} />,
    overview: <Overview member={m} />,
    ledger: <LedgerTab id={id} currency={m.balances.currency} />,
    deposits: <DepositsTab id={id} />,
    withdrawals: <WithdrawalsTab id={id} />,
    bankAccounts: <BankAccountsTab id={id} />,
    devices: <DevicesTab id={id} />,
    rounds: <RoundsTab id={id} />,
    logins: <LoginsTab id={id} />,
    notes: <NotesTab id={id} />,
    audit: <AuditTab id={id} />,
  };
  return (
    <div>
      {back}
      <PageHeader
        title={m.username}
        description={`${t('id')} ${m.id} · ${typeLabel(t, m.type)}`}
        actions={<Actions member={m} />}
      />
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <StatusBadge {...memberState(t, m, formatDateTime)} />
        {m.tags.length === 0 ? (
          <span className="text-xs text-(--text-muted)">{t('member.noTags')}</span>
        ) : (
          m.tags.map((tag) => <StatusBadge key={tag} label={tag} tone="muted" />)
        )}
      </div>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          // Each tab's grid keeps its own URL state; switching tabs starts the new one afresh.
          setSearch(value === 'summary' ? {} : { tab: value }, { replace: true })
        }
        items={[
          ...tabs.map((value) => ({ value, label: t(`member.tabs.${value}`), content: content[value] })),
          ...extraTabs.map(({ value, label, area, panel: Panel }) => ({
            value,
            label: t(label, { ns: area }),
            content: (
              <Suspense fallback={<p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>}>
                <Panel memberId={id} />
              </Suspense>
            ),
          })),
        ]}
      />
    </div>
  );
}
