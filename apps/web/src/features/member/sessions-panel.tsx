import type { LoginHistoryItem, MemberSession } from '@gamehall/shared/api/devices';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ResponsiveTable } from '../../components/responsive-table';
import { showAlert } from '../../lib/alerts';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { loginHistoryQuery, revokeOtherSessions, revokeSession, sessionsQuery } from './api';

const PHONE = /Android|iOS/;

/**
 * spec §2 securityCenter: where the member is signed in (device, IP, last seen), with "sign out"
 * for any other device and for all others at once. A signed-out device's token stops working at once.
 */
export function SessionsPanel() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const list = useQuery(sessionsQuery(token)).data?.list;
  const [busy, setBusy] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['member', 'sessions'] });
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(t, err));
    } finally {
      setBusy(false);
      refresh();
    }
  };
  const others = (list ?? []).filter((s) => !s.current).length;
  return (
    <section aria-label={t('sessions.title')} className="rounded-lg bg-(--surface) p-4" data-testid="security-sessions">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="font-semibold">{t('sessions.title')}</h2>
          <p className="text-xs text-(--text-muted)">{t('sessions.hint')}</p>
        </div>
        {others > 0 && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={async () => {
              const ok = await showAlert({
                message: t('sessions.confirmOthers', { count: others }),
                cancellable: true,
                confirmLabel: t('sessions.signOutOthers'),
              });
              if (ok) await run(revokeOtherSessions, t('sessions.signedOutOthers'));
            }}
          >
            {t('sessions.signOutOthers')}
          </Button>
        )}
      </div>
      <ul className="grid gap-2">
        {(list ?? []).map((s) => (
          <SessionRow
            key={s.id}
            session={s}
            busy={busy}
            onSignOut={() => run(() => revokeSession(s.id), t('sessions.signedOut'))}
          />
        ))}
      </ul>
    </section>
  );
}

function SessionRow({ session, busy, onSignOut }: { session: MemberSession; busy: boolean; onSignOut: () => void }) {
  const { t } = useTranslation();
  const Icon = PHONE.test(session.device) ? Smartphone : Monitor;
  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-md border border-(--text-muted)/20 p-3 text-sm"
      data-testid="session-row"
      data-current={session.current}
    >
      <Icon size={20} aria-hidden className="shrink-0 text-(--text-muted)" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          <span title={session.userAgent ?? undefined}>{session.device}</span>
          {session.current && (
            <span className="ml-2 rounded bg-(--accent)/15 px-1.5 py-0.5 text-xs text-(--accent) rtl:mr-2 rtl:ml-0">
              {t('sessions.thisDevice')}
            </span>
          )}
        </p>
        <p className="text-xs text-(--text-muted)">
          {t('sessions.details', {
            ip: session.ip ?? '-',
            created: new Date(session.createdAt).toLocaleString(),
            lastSeen: new Date(session.lastSeenAt).toLocaleString(),
          })}
        </p>
      </div>
      {!session.current && (
        <Button variant="ghost" disabled={busy} onClick={onSignOut}>
          {t('sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

const PAGE_SIZE = 10;

/** Every login attempt on the account, newest first: time, IP, device, result and how. */
export function LoginHistoryPanel() {
  const { t } = useTranslation();
  const { token } = useSession();
  const [page, setPage] = useState(1);
  const data = useQuery({ ...loginHistoryQuery(token, page, PAGE_SIZE), placeholderData: keepPreviousData }).data;
  const totalPages = data?.totalPages ?? 0;
  return (
    <section aria-label={t('member.loginHistory')} data-testid="security-login-history">
      <h2 className="mb-3 font-semibold">{t('member.loginHistory')}</h2>
      <ResponsiveTable
        caption={t('member.loginHistory')}
        columns={[t('member.time'), t('member.ip'), t('member.device'), t('sessions.method'), t('member.result')]}
        empty={data !== undefined && data.content.length === 0}
        emptyText={t('sessions.noHistory')}
      >
        {(data?.content ?? []).map((h) => (
          <HistoryRow key={h.id} item={h} />
        ))}
      </ResponsiveTable>
      {totalPages > 1 && (
        <nav className="mt-3 flex items-center justify-end gap-2 text-sm" aria-label={t('member.loginHistory')}>
          <Button variant="ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('common.previous')}
          </Button>
          <span>{t('sessions.page', { page, total: totalPages })}</span>
          <Button variant="ghost" disabled={page >= totalPages} onClick={() => setPage((p) => p + 1)}>
            {t('common.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}

function HistoryRow({ item }: { item: LoginHistoryItem }) {
  const { t } = useTranslation();
  const tone =
    item.result === 'success' ? 'text-(--success)' : item.result === 'failure' ? 'text-(--danger)' : 'text-(--accent)';
  return (
    <tr className="border-t border-(--text-muted)/20">
      <td className="py-2 pr-4 whitespace-nowrap">{new Date(item.time).toLocaleString()}</td>
      <td className="py-2 pr-4">{item.ip ?? '-'}</td>
      <td className="max-w-xs truncate py-2 pr-4">{item.device}</td>
      <td className="py-2 pr-4">
        {item.method ? t(`sessions.methods.${item.method}`, { defaultValue: item.method }) : '-'}
      </td>
      <td className={`py-2 ${tone}`}>{t(`sessions.results.${item.result}`)}</td>
    </tr>
  );
}
