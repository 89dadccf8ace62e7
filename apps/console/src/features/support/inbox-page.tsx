import type { ChatMessage, ChatServerEvent } from '@gamehall/shared/api/chat';
import { Button } from '@gamehall/ui/button';
import { ChatBubble } from '@gamehall/ui/chat-bubble';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useObjectUrl } from '../../lib/use-object-url';
import {
  act,
  type ChatSocket,
  cannedQuery,
  clientMessageId,
  colleaguesQuery,
  conversationsQuery,
  detailQuery,
  markRead,
  openChatSocket,
  sendImage,
  sendText,
  setOnline,
  statusQuery,
  supportKey,
  transfer,
} from './api';

const FILTERS = ['open', 'queued', 'mine', 'ticket', 'closed'] as const;

/** The support inbox: the queue and the operator's conversations, one conversation open beside the member's facts. */
export function InboxPage() {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const [messages, setMessages] = useState<Record<number, ChatMessage[]>>({});
  const [typing, setTyping] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const status = useQuery(statusQuery).data;
  const list = useQuery(conversationsQuery(filter)).data ?? [];
  const socket = useRef<ChatSocket | null>(null);
  const lastSeq = useRef<Record<number, number>>({});
  const selectedRef = useRef<number | null>(null);
  selectedRef.current = selected;

  const onEvent = useCallback(
    (event: ChatServerEvent) => {
      if (event.type === 'message') {
        const m = event.data;
        if (m.seq <= (lastSeq.current[m.conversationId] ?? 0)) return;
        lastSeq.current[m.conversationId] = m.seq;
        setMessages((all) => ({ ...all, [m.conversationId]: [...(all[m.conversationId] ?? []), m] }));
        if (m.conversationId === selectedRef.current && m.sender === 'customer') void markRead(m.conversationId, m.seq);
        void queryClient.invalidateQueries({ queryKey: [...supportKey, 'conversations'] });
      } else if (event.type === 'conversation') {
        void queryClient.invalidateQueries({ queryKey: supportKey });
      } else if (event.type === 'typing') {
        setTyping(event.data.conversationId);
        setTimeout(() => setTyping(null), 3_000);
      }
    },
    [queryClient],
  );

  useEffect(() => {
    const s = openChatSocket(onEvent, () => {
      // After a (re)connect: watch the open conversation again from the last seq seen.
      const id = selectedRef.current;
      if (id !== null) s.watch(id, lastSeq.current[id] ?? 0);
    });
    socket.current = s;
    return () => s.close();
  }, [onEvent]);

  useEffect(() => {
    if (selected !== null) socket.current?.watch(selected, lastSeq.current[selected] ?? 0);
  }, [selected]);

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: supportKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div>
      <PageHeader
        title={t('inbox.title')}
        description={t('inbox.description')}
        actions={
          <Button
            data-testid="support-online"
            variant={status?.online ? 'secondary' : 'primary'}
            onClick={() => run(() => setOnline(!status?.online))}
          >
            {status?.online ? t('inbox.goOffline') : t('inbox.goOnline')}
          </Button>
        }
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[18rem_1fr_16rem]">
        <section aria-label={t('inbox.list')}>
          <div className="mb-2 flex flex-wrap gap-1">
            {FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                onClick={() => setFilter(f)}
                className={`rounded px-2 py-1 text-xs ${filter === f ? 'bg-(--accent) text-(--accent-contrast)' : 'bg-(--surface-raised)'}`}
              >
                {t(`filter.${f}`)}
              </button>
            ))}
          </div>
          <ul className="flex flex-col gap-1">
            {list.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  data-testid="support-conversation"
                  onClick={() => setSelected(c.id)}
                  className={`w-full rounded border p-2 text-left text-sm ${selected === c.id ? 'border-(--accent)' : 'border-(--border)'}`}
                >
                  <span className="flex justify-between gap-2">
                    <strong>{c.customer.name}</strong>
                    <StatusBadge label={t(`state.${c.state}`)} tone={c.state === 'active' ? 'success' : 'muted'} />
                  </span>
                  <span className="block truncate text-(--text-muted)">{c.lastText ?? '—'}</span>
                  <span className="block text-xs text-(--text-muted)">
                    {c.customer.kind === 'visitor' ? t('inbox.visitor') : t('inbox.member')}
                    {c.operatorName ? ` · ${c.operatorName}` : ''}
                  </span>
                </button>
              </li>
            ))}
            {list.length === 0 && <li className="text-sm text-(--text-muted)">{t('inbox.empty')}</li>}
          </ul>
        </section>
        {selected === null ? (
          <p className="text-sm text-(--text-muted)">{t('inbox.pick')}</p>
        ) : (
          <Conversation
            id={selected}
            messages={messages[selected] ?? []}
            typing={typing === selected}
            socket={socket.current}
            run={run}
          />
        )}
      </div>
    </div>
  );
}

function Conversation({
  id,
  messages,
  typing,
  socket,
  run,
}: {
  id: number;
  messages: ChatMessage[];
  typing: boolean;
  socket: ChatSocket | null;
  run: (action: () => Promise<unknown>) => Promise<void>;
}) {
  const { t } = useTranslation('support');
  const detail = useQuery(detailQuery(id)).data;
  const canned = useQuery(cannedQuery).data ?? [];
  const colleagues = useQuery(colleaguesQuery).data ?? [];
  const status = useQuery(statusQuery).data;
  const [text, setText] = useState('');
  const c = detail?.conversation;
  const facts = detail?.facts;
  const last = messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (last > 0) void markRead(id, last).catch(() => undefined);
  }, [id, last]);

  if (!c) return <p aria-busy="true" />;
  const mine = c.state === 'active' && status !== undefined && c.operatorId !== null;
  const send = () => {
    const body = text.trim();
    if (!body) return;
    setText('');
    void run(() => sendText(id, clientMessageId(), body));
  };
  return (
    <>
      <section
        aria-label={t('inbox.conversation')}
        className="flex min-h-[28rem] flex-col rounded border border-(--border)"
      >
        <header className="flex flex-wrap items-center gap-2 border-b border-(--border) p-2">
          <strong>{c.customer.name}</strong>
          <StatusBadge label={t(`state.${c.state}`)} tone={c.state === 'active' ? 'success' : 'muted'} />
          <span className="ml-auto flex flex-wrap gap-2">
            {(c.state === 'queued' || c.state === 'ticket') && (
              <Button data-testid="support-take" onClick={() => run(() => act(id, 'take'))}>
                {t('inbox.take')}
              </Button>
            )}
            {mine && (
              <select
                aria-label={t('inbox.transfer')}
                className="rounded border border-(--border) bg-(--surface) px-2 text-sm"
                value=""
                onChange={(e) => e.target.value && run(() => transfer(id, Number(e.target.value)))}
              >
                <option value="">{t('inbox.transfer')}</option>
                {colleagues
                  .filter((o) => o.online && o.id !== c.operatorId)
                  .map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.username} ({o.activeCount})
                    </option>
                  ))}
              </select>
            )}
            {c.state !== 'closed' && (
              <Button variant="secondary" onClick={() => run(() => act(id, 'close'))}>
                {t('inbox.close')}
              </Button>
            )}
          </span>
        </header>
        <ol className="flex flex-1 flex-col gap-2 overflow-y-auto p-3" data-testid="support-messages">
          {messages.map((m) => (
            <ChatBubble
              key={m.seq}
              mine={m.sender === 'operator'}
              image={m.attachmentId !== null && <Attachment id={m.attachmentId} />}
              text={m.text}
              footer={`${formatDateTime(m.createdAt)}${m.sender === 'operator' && m.seq <= c.customerReadSeq ? ` · ${t('inbox.read')}` : ''}`}
            />
          ))}
          {typing && <li className="text-xs text-(--text-muted)">{t('inbox.typing')}</li>}
        </ol>
        {c.state === 'active' && (
          <form
            className="flex flex-wrap gap-2 border-t border-(--border) p-2"
            onSubmit={(e) => {
              e.preventDefault();
              send();
            }}
          >
            {canned.length > 0 && (
              <select
                aria-label={t('inbox.canned')}
                className="rounded border border-(--border) bg-(--surface) px-2 text-sm"
                value=""
                onChange={(e) => setText(canned.find((r) => r.id === Number(e.target.value))?.text ?? text)}
              >
                <option value="">{t('inbox.canned')}</option>
                {canned.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.title}
                  </option>
                ))}
              </select>
            )}
            <input
              data-testid="support-input"
              aria-label={t('inbox.message')}
              className="min-w-0 flex-1 rounded border border-(--border) bg-(--surface) px-2 py-1"
              value={text}
              maxLength={2000}
              onChange={(e) => {
                setText(e.target.value);
                socket?.typing(id);
              }}
            />
            <label className="cursor-pointer self-center text-sm underline">
              {t('inbox.image')}
              <input
                type="file"
                accept="image/png,image/jpeg"
                className="sr-only"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) void run(() => sendImage(id, file));
                }}
              />
            </label>
            <Button type="submit" data-testid="support-send">
              {t('inbox.send')}
            </Button>
          </form>
        )}
      </section>
      <aside aria-label={t('facts.title')} className="rounded border border-(--border) p-3 text-sm">
        <h2 className="mb-2 font-semibold">{t('facts.title')}</h2>
        {facts ? (
          <dl className="grid grid-cols-2 gap-1">
            <dt>{t('facts.username')}</dt>
            <dd>{facts.username}</dd>
            <dt>{t('facts.vip')}</dt>
            <dd>{facts.vipLevel}</dd>
            <dt>{t('facts.balance')}</dt>
            <dd data-testid="support-balance">{formatMoney(facts.balance, facts.currency)}</dd>
            {facts.lastDeposits && (
              <>
                <dt className="col-span-2 mt-2 font-semibold">{t('facts.deposits')}</dt>
                {facts.lastDeposits.length === 0 && <dd className="col-span-2 text-(--text-muted)">—</dd>}
                {facts.lastDeposits.map((d) => (
                  <dd key={d.reference} className="col-span-2">
                    {formatDateTime(d.createdAt)} · {formatMoney(d.amount, facts.currency)} · {d.status}
                  </dd>
                ))}
              </>
            )}
          </dl>
        ) : (
          <p className="text-(--text-muted)">{t('facts.visitor')}</p>
        )}
      </aside>
    </>
  );
}

function Attachment({ id }: { id: number }) {
  const { src } = useObjectUrl(`/admin/chat/attachments/${id}`);
  return src ? <img src={src} alt="" className="mb-1 max-h-48 rounded" /> : null;
}
