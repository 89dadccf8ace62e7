import type { InboxItem } from '@gamehall/shared/api/messages';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../components/format-time';
import { Pager } from '../../components/pager';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { deleteMessage, inboxQuery, openMessage, readAllMessages } from './api';

// spec §2 member centre "platform messages (messageV2)": the inbox, newest first; opening a message
// marks it read, and the menu badge (public state unreadMessage) follows. New messages arrive live
// (the /ws `message` event refreshes this list and the badge).
export function MessagesPage() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const language = i18n.language.toUpperCase();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<InboxItem | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inbox = useQuery(inboxQuery(token, page, language));
  const refresh = () => {
    void client.invalidateQueries({ queryKey: ['messages', 'inbox'] });
    void client.invalidateQueries({ queryKey: ['member', 'publicState'] });
  };
  const onError = (err: unknown) =>
    setError(err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : String(err));
  const read = useMutation({
    mutationFn: (id: string) => openMessage(id, language),
    onMutate: () => setError(null),
    onSuccess: (m) => setOpen(m),
    onError,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteMessage,
    onMutate: () => setError(null),
    onSuccess: () => setOpen(null),
    onError,
    onSettled: refresh,
  });
  const readAll = useMutation({ mutationFn: readAllMessages, onError, onSettled: refresh });
  const value = inbox.data;
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-bold">{t('member.menu.messageV2')}</h1>
        <div className="flex gap-2">
          <Link
            to="/member/feedback"
            className="rounded px-3 py-2 text-sm underline"
            data-testid="messages-feedback-link"
          >
            {t('messages.feedbackLink')}
          </Link>
          <Button
            variant="secondary"
            disabled={readAll.isPending || !value || value.unread === 0}
            onClick={() => readAll.mutate()}
            data-testid="messages-read-all"
          >
            {t('messages.readAll')}
          </Button>
        </div>
      </div>
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {value && value.content.length === 0 && (
        <p className="text-(--text-muted)" data-testid="messages-empty">
          {t('messages.empty')}
        </p>
      )}
      <ul className="divide-y divide-(--text-muted)/20 rounded-lg bg-(--surface)" data-testid="messages-list">
        {value?.content.map((m) => (
          <li key={m.id} data-testid="message-item" data-read={m.read ? 'true' : 'false'}>
            <button
              type="button"
              className="flex w-full items-start gap-3 p-3 text-left hover:bg-(--text-muted)/10"
              onClick={() => read.mutate(m.id)}
              aria-expanded={open?.id === m.id}
            >
              <span
                aria-hidden
                className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${m.read ? 'bg-transparent' : 'bg-(--danger)'}`}
              />
              <span className="min-w-0 flex-1">
                <span className={`block truncate ${m.read ? '' : 'font-semibold'}`}>{m.title}</span>
                <span className="block text-xs text-(--text-muted)">
                  {formatTime(m.createdAt)}
                  {!m.read && <span className="sr-only"> {t('messages.unread')}</span>}
                </span>
              </span>
            </button>
            {open?.id === m.id && (
              <div className="px-8 pb-3" data-testid="message-body">
                <p className="whitespace-pre-wrap text-sm">
                  <Linked text={open.content} />
                </p>
                <Button
                  className="mt-2"
                  variant="secondary"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(m.id)}
                  data-testid="message-delete"
                >
                  {t('messages.delete')}
                </Button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {value && (
        <Pager page={page} totalPages={value.totalPages} onChange={setPage} label={t('member.menu.messageV2')} />
      )}
    </div>
  );
}

// A campaign's links (docs/campaigns.md) arrive in the text as web addresses: shown as links, opened
// in a new tab without handing this page to the site they open.
const WEB_ADDRESS = /(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)])/;

function Linked({ text }: { text: string }) {
  const parts = text.split(WEB_ADDRESS);
  return parts.map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, never reordered
      <a key={i} href={part} target="_blank" rel="noopener noreferrer" className="break-all text-(--accent) underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
