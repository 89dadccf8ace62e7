import { NoteBody } from '@gamehall/shared/api/admin-members';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataGrid, type GridFilter, toGridPage } from '../../components/data-grid';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { addNote, bankAccounts, memberDevices, memberKey, membersKey, memberTab, roundDetails } from './api';
import { Revealable } from './revealable';

// The member page's tabs: one server-paged grid each (CSV export included), the bank accounts as a
// plain table (a member has few), the devices likewise, and the notes with their form.

type Row<K extends Parameters<typeof memberTab>[1]> = Awaited<ReturnType<typeof memberTab<K>>>['list'][number];

const time = (iso: string | null) => formatDateTime(iso);

type Keyed<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/** A right-aligned money column (in the member's currency when given). */
function moneyColumn<T>(id: Keyed<T, number>, header: string, currency?: string): ColumnDef<T, unknown> {
  return {
    id,
    accessorKey: id,
    header,
    meta: { numeric: true },
    cell: ({ row }) => formatMoney(row.original[id] as number, currency),
  };
}

/** A time column; `orBlank` for a time that may not be there yet (exported as an empty cell). */
function timeColumn<T>(id: Keyed<T, string | null>, header: string, orBlank = false): ColumnDef<T, unknown> {
  return {
    id,
    ...(orBlank ? { accessorFn: (row: T) => (row[id] as string | null) ?? '' } : { accessorKey: id }),
    header,
    cell: ({ row }) => time(row.original[id] as string | null),
  };
}

function useColumns<T>(make: () => ColumnDef<T, unknown>[], deps: unknown[]) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the columns use
  return useMemo(make, deps);
}

type PagedTab = 'ledger' | 'deposits' | 'withdrawals' | 'rounds' | 'logins' | 'notes' | 'audit';

/** One tab's server-paged grid: its caption, cache key, fetcher and CSV name follow from the tab. */
function MemberGrid<K extends PagedTab>({
  id,
  tab,
  columns,
  rowId,
  filters,
}: {
  id: number;
  tab: K;
  columns: ColumnDef<Row<K>, unknown>[];
  rowId: (row: Row<K>) => string;
  filters?: GridFilter[];
}) {
  const { t } = useTranslation('members');
  return (
    <DataGrid<Row<K>>
      caption={t(`member.tabs.${tab}`)}
      queryKey={[...memberKey(id), tab]}
      fetchPage={(q) => memberTab(id, tab, q).then((v) => toGridPage<Row<K>>(v as { list: Row<K>[]; total: number }))}
      columns={columns}
      rowId={rowId}
      {...(filters ? { filters } : {})}
      exportName={`member-${id}-${tab}`}
    />
  );
}

export function LedgerTab({ id, currency }: { id: number; currency: string }) {
  const { t } = useTranslation('members');
  const columns = useColumns<Row<'ledger'>>(
    () => [
      timeColumn('time', t('ledger.time')),
      { id: 'reference', accessorKey: 'reference', header: t('ledger.reference') },
      {
        id: 'type',
        accessorKey: 'type',
        header: t('ledger.type'),
        cell: ({ row }) => <code>{row.original.type}</code>,
      },
      moneyColumn('amount', t('ledger.amount'), currency),
      moneyColumn('balanceAfter', t('ledger.balanceAfter'), currency),
    ],
    [t, currency],
  );
  return (
    <MemberGrid
      id={id}
      tab="ledger"
      columns={columns}
      rowId={(r) => `${r.reference}:${r.time}:${r.amount}`}
      filters={[{ name: 'type', label: t('ledger.type'), type: 'text', placeholder: 'adjustment' }]}
    />
  );
}

export function DepositsTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const columns = useColumns<Row<'deposits'>>(
    () => [
      { id: 'reference', accessorKey: 'reference', header: t('orders.reference') },
      { id: 'method', accessorKey: 'methodCode', header: t('orders.method') },
      moneyColumn('amount', t('orders.amount')),
      { id: 'status', accessorKey: 'status', header: t('orders.status') },
      {
        id: 'firstDeposit',
        accessorFn: (d) => (d.firstDeposit ? t('yes') : ''),
        header: t('orders.firstDeposit'),
      },
      { id: 'reason', accessorFn: (d) => d.reason ?? '', header: t('orders.reason') },
      timeColumn('createdAt', t('orders.created')),
      timeColumn('decidedAt', t('orders.decided'), true),
    ],
    [t],
  );
  return <MemberGrid id={id} tab="deposits" columns={columns} rowId={(r) => r.reference} />;
}

export function WithdrawalsTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const columns = useColumns<Row<'withdrawals'>>(
    () => [
      { id: 'reference', accessorKey: 'reference', header: t('orders.reference') },
      moneyColumn('amount', t('orders.amount')),
      { id: 'status', accessorKey: 'status', header: t('orders.status') },
      { id: 'bank', accessorKey: 'bankName', header: t('orders.bank') },
      { id: 'accountNumber', accessorKey: 'accountNumber', header: t('orders.accountNumber') },
      { id: 'reason', accessorFn: (d) => d.reason ?? '', header: t('orders.reason') },
      timeColumn('createdAt', t('orders.created')),
      timeColumn('paidAt', t('orders.paid'), true),
    ],
    [t],
  );
  return <MemberGrid id={id} tab="withdrawals" columns={columns} rowId={(r) => r.reference} />;
}

/** The row a short list shows while it loads or when it has nothing. */
function emptyText(t: TFunction, loading: boolean): string {
  return loading ? t('grid.loading', { ns: 'core' }) : t('grid.empty', { ns: 'core' });
}

export function BankAccountsTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const list = useQuery({ queryKey: [...memberKey(id), 'bankAccounts'], queryFn: () => bankAccounts(id) });
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-(--danger)">
        {errorMessage(list.error)}
      </p>
    );
  const rows = list.data?.list ?? [];
  return (
    <PlainTable
      caption={t('member.tabs.bankAccounts')}
      columns={[
        { label: t('orders.bank') },
        { label: t('orders.accountName') },
        { label: t('orders.accountNumber') },
        { label: t('orders.status') },
        { label: t('orders.created') },
        { label: t('orders.confirmed') },
      ]}
      empty={rows.length === 0 && emptyText(t, list.isLoading)}
    >
      {rows.map((b) => (
        <tr key={b.id} className="border-t border-(--border)">
          <td className="px-3 py-2">{b.bankName}</td>
          <td className="px-3 py-2">
            <Revealable
              memberId={id}
              field="bankAccountName"
              bankAccountId={b.id}
              value={b.accountName}
              label={t('orders.accountName')}
            />
          </td>
          <td className="px-3 py-2 font-mono">
            <Revealable
              memberId={id}
              field="bankAccountNumber"
              bankAccountId={b.id}
              value={b.accountNumber}
              label={t('orders.accountNumber')}
            />
          </td>
          <td className="px-3 py-2">
            <StatusBadge label={b.status} tone={b.status === 'confirmed' ? 'success' : 'warning'} />
          </td>
          <td className="px-3 py-2">{time(b.createdAt)}</td>
          <td className="px-3 py-2">{time(b.confirmedAt)}</td>
        </tr>
      ))}
    </PlainTable>
  );
}

/**
 * The member's devices (one bonus per person checks them): a prefix of each device's hash, when it was
 * first and last seen, and the other members who share it, each a link to their page (members.read).
 */
export function DevicesTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const can = useCan();
  const list = useQuery({ queryKey: [...memberKey(id), 'devices'], queryFn: () => memberDevices(id) });
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-(--danger)">
        {errorMessage(list.error)}
      </p>
    );
  const rows = list.data?.list ?? [];
  const linked = can('members.read');
  return (
    <div>
      <p className="mb-3 text-sm text-(--text-muted)">{t('devices.about')}</p>
      <PlainTable
        caption={t('member.tabs.devices')}
        columns={[
          { label: t('devices.device'), hint: t('devices.deviceHint') },
          { label: t('devices.firstSeen') },
          { label: t('devices.lastSeen') },
          { label: t('devices.lastIp') },
          { label: t('devices.sharedWith') },
        ]}
        empty={rows.length === 0 && emptyText(t, list.isLoading)}
      >
        {rows.map((d) => (
          <tr key={d.device} className="border-t border-(--border) align-top">
            <td className="px-3 py-2 font-mono">{d.device}</td>
            <td className="px-3 py-2">{time(d.firstSeenAt)}</td>
            <td className="px-3 py-2">{time(d.lastSeenAt)}</td>
            <td className="px-3 py-2">{d.lastIp ?? '-'}</td>
            <td className="px-3 py-2">
              {d.sharedWith === 0 ? (
                <span className="text-(--text-muted)">{t('devices.none')}</span>
              ) : (
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <StatusBadge label={String(d.sharedWith)} tone="warning" />
                  {d.others.map((o) =>
                    linked ? (
                      <Link key={o.id} className="text-(--accent) hover:underline" to={`/members/${o.id}`}>
                        {o.username}
                      </Link>
                    ) : (
                      <span key={o.id}>{o.username}</span>
                    ),
                  )}
                  {d.sharedWith > d.others.length && (
                    <span className="text-(--text-muted)">
                      {t('devices.more', { count: d.sharedWith - d.others.length })}
                    </span>
                  )}
                </div>
              )}
            </td>
          </tr>
        ))}
      </PlainTable>
    </div>
  );
}

/** Whether an address may be opened in a tab of the console's origin: a web page, never a script. */
export function isWebAddress(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Opens the game provider's own record of a round in a new tab. The tab is opened by the click
 * itself, before the address is asked for, so the browser does not take it for a pop-up; it starts
 * as about:blank of the console's origin, hence no way back to the console (opener) and nothing but
 * a web address loaded in it.
 */
function RoundDetailsButton({ id, round }: { id: number; round: Row<'rounds'> }) {
  const { t } = useTranslation('members');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const open = async () => {
    setError('');
    const tab = window.open('', '_blank');
    if (!tab) {
      setError(t('rounds.detailsBlocked'));
      return;
    }
    tab.opener = null;
    setBusy(true);
    try {
      const { url } = await roundDetails(id, round);
      if (!isWebAddress(url)) {
        tab.close();
        setError(t('rounds.detailsBadAddress'));
        return;
      }
      tab.location.href = url;
    } catch (err) {
      tab.close();
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button
        variant="ghost"
        className="px-2 py-1 text-xs whitespace-nowrap"
        disabled={busy}
        title={t('rounds.detailsHint')}
        aria-label={t('rounds.detailsOf', { round: round.roundId })}
        onClick={() => void open()}
      >
        {t('rounds.details')}
      </Button>
      {error && (
        <span role="alert" className="text-xs text-(--danger)">
          {error}
        </span>
      )}
    </span>
  );
}

export function RoundsTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const columns = useColumns<Row<'rounds'>>(
    () => [
      timeColumn('createdAt', t('rounds.time')),
      { id: 'roundId', accessorKey: 'roundId', header: t('rounds.round') },
      { id: 'game', accessorFn: (r) => r.gameName ?? r.gameCode, header: t('rounds.game') },
      { id: 'vendor', accessorKey: 'vendor', header: t('rounds.vendor') },
      { id: 'gameType', accessorKey: 'gameType', header: t('rounds.gameType') },
      moneyColumn('bet', t('rounds.bet')),
      moneyColumn('win', t('rounds.win')),
      { id: 'status', accessorKey: 'status', header: t('rounds.status') },
      {
        // No accessor: a button, not a value, so the CSV export leaves it out.
        id: 'actions',
        header: t('common.actions', { ns: 'core' }),
        cell: ({ row }) => (row.original.detailsAvailable ? <RoundDetailsButton id={id} round={row.original} /> : null),
      },
    ],
    [t, id],
  );
  // A statement line links here with its period (instants); by hand a brand day is enough.
  const filters: GridFilter[] = [
    { name: 'from', label: t('rounds.from'), type: 'text', placeholder: 'yyyy-mm-dd' },
    { name: 'to', label: t('rounds.to'), type: 'text', placeholder: 'yyyy-mm-dd' },
  ];
  return (
    <MemberGrid id={id} tab="rounds" columns={columns} rowId={(r) => `${r.vendor}:${r.roundId}`} filters={filters} />
  );
}

export function LoginsTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const columns = useColumns<Row<'logins'>>(
    () => [
      timeColumn('time', t('logins.time')),
      {
        id: 'result',
        accessorFn: (l) => (l.success ? t('logins.success') : t('logins.failure')),
        header: t('logins.result'),
        cell: ({ row }) => (
          <StatusBadge
            label={row.original.success ? t('logins.success') : t('logins.failure')}
            tone={row.original.success ? 'success' : 'danger'}
          />
        ),
      },
      { id: 'ip', accessorFn: (l) => l.ip ?? '', header: t('logins.ip') },
      { id: 'country', accessorFn: (l) => l.country ?? '', header: t('logins.country') },
      {
        id: 'device',
        accessorFn: (l) => l.device ?? '',
        header: t('logins.device'),
        cell: ({ row }) => (
          <span className="block max-w-md truncate" title={row.original.device ?? ''}>
            {row.original.device}
          </span>
        ),
      },
    ],
    [t],
  );
  return <MemberGrid id={id} tab="logins" columns={columns} rowId={(r) => `${r.time}:${r.ip}`} />;
}

function NoteForm({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(NoteBody, { text });
    if (!checked.data) {
      setError(checked.errors.text ?? '');
      return;
    }
    const body = checked.data;
    setBusy(true);
    setError('');
    try {
      await addNote(id, body.text);
      setText('');
      await queryClient.invalidateQueries({ queryKey: membersKey });
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mb-4 rounded-lg border border-(--border) bg-(--surface-raised) p-4">
      <label htmlFor="member-note" className="mb-1 block text-sm font-medium">
        {t('notes.add')}
      </label>
      <textarea
        id="member-note"
        name="text"
        rows={3}
        maxLength={2000}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'member-note-error' : undefined}
        onChange={(e) => setText(e.target.value)}
        className="mb-2 w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) focus:border-(--accent) focus:outline-none"
      />
      {error && (
        <p id="member-note-error" role="alert" className="mb-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {t('notes.submit')}
      </Button>
    </form>
  );
}

export function NotesTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const can = useCan();
  const columns = useColumns<Row<'notes'>>(
    () => [
      timeColumn('createdAt', t('notes.time')),
      { id: 'operator', accessorKey: 'operator', header: t('notes.operator') },
      {
        id: 'text',
        accessorKey: 'text',
        header: t('notes.text'),
        cell: ({ row }) => <span className="whitespace-pre-wrap">{row.original.text}</span>,
      },
    ],
    [t],
  );
  return (
    <div>
      {can('members.write') && <NoteForm id={id} />}
      <MemberGrid id={id} tab="notes" columns={columns} rowId={(r) => String(r.id)} />
    </div>
  );
}

function change(detail: Record<string, unknown>): string {
  const { before, after } = detail as { before?: unknown; after?: unknown };
  if (before === undefined && after === undefined) return typeof detail.code === 'string' ? detail.code : '';
  return `${JSON.stringify(before ?? {})} → ${JSON.stringify(after ?? {})}`;
}

function subjectOf(detail: Record<string, unknown>, id: number): string {
  const target = typeof detail.target === 'string' ? detail.target : '';
  return target === `member:${id}` ? '' : target;
}

export function AuditTab({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const columns = useColumns<Row<'audit'>>(
    () => [
      timeColumn('time', t('audit.time')),
      {
        id: 'event',
        accessorKey: 'event',
        header: t('audit.event'),
        cell: ({ row }) => <code>{row.original.event}</code>,
      },
      {
        id: 'result',
        accessorFn: (a) => (a.success ? t('audit.done') : t('audit.refused')),
        header: t('audit.result'),
        cell: ({ row }) => (
          <StatusBadge
            label={row.original.success ? t('audit.done') : t('audit.refused')}
            tone={row.original.success ? 'success' : 'danger'}
          />
        ),
      },
      {
        // What the action was on, when not the member's record itself: a cashier order's reference
        // or a bank account's id.
        id: 'subject',
        accessorFn: (a) => subjectOf(a.detail, id),
        header: t('audit.subject'),
        cell: ({ row }) => <code className="text-xs">{subjectOf(row.original.detail, id)}</code>,
      },
      { id: 'operator', accessorFn: (a) => a.operator ?? '', header: t('audit.operator') },
      { id: 'ip', accessorFn: (a) => a.ip ?? '', header: t('audit.ip') },
      {
        id: 'change',
        accessorFn: (a) => change(a.detail),
        header: t('audit.change'),
        cell: ({ row }) => <code className="text-xs break-all">{change(row.original.detail)}</code>,
      },
    ],
    [t, id],
  );
  return <MemberGrid id={id} tab="audit" columns={columns} rowId={(r) => String(r.id)} />;
}
