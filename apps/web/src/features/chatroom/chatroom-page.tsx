import type { ChatroomMessage, ChatroomRestriction, ChatroomState } from '@gamehall/shared/api/chatroom';
import { ChatBubble } from '@gamehall/ui/chat-bubble';
import { Send } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { fetchRoom, openRoomSocket, postMessage } from './api';

/** Adds messages to the list once each (by id), in seq order. */
export function mergeMessages(list: ChatroomMessage[], incoming: ChatroomMessage[]): ChatroomMessage[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function time(iso: string) {
  return new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

/**
 * spec §6 Member "chat room": the brand's public room. The history comes over HTTP (again after
 * every reconnect, so deletions missed meanwhile are caught), new messages and deletions over the
 * room's socket; a mute or ban shows with its end time and the form goes away until it ends.
 */
export function ChatroomPage() {
  const { t } = useTranslation();
  const [room, setRoom] = useState<ChatroomState | null>(null);
  const [messages, setMessages] = useState<ChatroomMessage[]>([]);
  const [restriction, setRestriction] = useState<ChatroomRestriction | null>(null);
  const [live, setLive] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLLIElement | null>(null);

  const load = useCallback(async () => {
    try {
      const state = await fetchRoom();
      setRoom(state);
      setRestriction(state.restriction);
      // Replaced, not merged: a message deleted while the socket was away goes too; what the
      // socket brought after the history was read stays.
      const last = state.messages.at(-1)?.seq ?? 0;
      setMessages((current) =>
        mergeMessages(
          state.messages,
          current.filter((m) => m.seq > last),
        ),
      );
    } catch (err) {
      setError(errorMessage(t, err));
    }
  }, [t]);

  useEffect(() => {
    const socket = openRoomSocket(
      (event) => {
        if (event.type === 'ready') void load();
        else if (event.type === 'message') setMessages((all) => mergeMessages(all, [event.data]));
        else if (event.type === 'deleted') setMessages((all) => all.filter((m) => m.id !== event.data.id));
        else if (event.type === 'restriction') {
          setRestriction(event.data);
          if (event.data?.kind === 'ban') setMessages([]);
          // A lifted ban: the history is readable again.
          else void load();
        }
      },
      setLive,
      () => setMessages([]),
    );
    return () => socket.close();
  }, [load]);

  // A timed mute or ban ends by itself: read the room again at its end.
  const until = restriction?.until;
  useEffect(() => {
    if (!until) return;
    const wait = new Date(until).getTime() - Date.now();
    const timer = setTimeout(() => void load(), Math.max(0, Math.min(wait + 1_000, 2 ** 31 - 1)));
    return () => clearTimeout(timer);
  }, [until, load]);

  useEffect(() => {
    if (messages.length > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  const send = async (e: FormEvent) => {
    e.preventDefault();
    const body = text.trim();
    if (!body || sending) return;
    setSending(true);
    setError(null);
    try {
      const message = await postMessage(body);
      // The socket may show the post before its answer comes, and the reader may have typed the
      // next one meanwhile: that text stays.
      setText((now) => (now.trim() === body ? '' : now));
      setMessages((all) => mergeMessages(all, [message]));
    } catch (err) {
      if (err instanceof ApiError && (err.code === 'CHATROOM_MUTED' || err.code === 'CHATROOM_BANNED')) {
        const value = err.value as { until?: string | null } | undefined;
        setRestriction({ kind: err.code === 'CHATROOM_MUTED' ? 'mute' : 'ban', until: value?.until ?? null });
      }
      setError(errorMessage(t, err));
    } finally {
      setSending(false);
    }
  };

  const limits = room?.limits;
  const canPost = room?.canPost === true && restriction === null;
  return (
    <div className="flex min-h-[60vh] flex-col">
      <h1 className="mb-1 text-xl font-bold">{t('chatroom.title')}</h1>
      {limits && (
        <p className="mb-3 text-sm text-(--text-muted)">
          {t('chatroom.rules', { max: limits.textMax, perWindow: limits.perWindow, seconds: limits.windowSeconds })}
          {!live && restriction?.kind !== 'ban' && ` · ${t('chatroom.connecting')}`}
        </p>
      )}
      {restriction && (
        <p
          role="status"
          data-testid="chatroom-restriction"
          className="mb-3 rounded-lg bg-(--danger)/10 p-3 text-sm text-(--danger)"
        >
          {restriction.kind === 'mute'
            ? t('chatroom.mutedUntil', { until: new Date(restriction.until ?? 0).toLocaleString() })
            : restriction.until
              ? t('chatroom.bannedUntil', { until: new Date(restriction.until).toLocaleString() })
              : t('chatroom.banned')}
        </p>
      )}
      <ol
        className="flex max-h-[60vh] flex-1 flex-col gap-2 overflow-y-auto rounded-xl bg-(--surface) p-4"
        data-testid="chatroom-messages"
        aria-live="polite"
      >
        {room && messages.length === 0 && restriction?.kind !== 'ban' && (
          <li className="m-auto text-sm text-(--text-muted)">{t('chatroom.empty')}</li>
        )}
        {messages.map((m) => (
          <ChatBubble
            key={m.id}
            mine={m.mine}
            senderName={m.mine ? t('chatroom.you') : m.author}
            text={m.text}
            footer={time(m.createdAt)}
          />
        ))}
        <li ref={bottom} aria-hidden />
      </ol>
      {error && (
        <p role="alert" data-testid="chatroom-error" className="mt-2 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {room && !room.canPost && restriction === null && (
        <p className="mt-3 text-sm text-(--text-muted)">{t('in_need_true_account')}</p>
      )}
      {canPost && (
        <form onSubmit={send} className="mt-3 flex items-center gap-2">
          <input
            data-testid="chatroom-input"
            aria-label={t('chatroom.message')}
            placeholder={t('chatroom.placeholder')}
            className="min-w-0 flex-1 rounded-full border border-(--border) bg-(--surface-raised) px-4 py-2"
            value={text}
            maxLength={limits?.textMax}
            onChange={(e) => setText(e.target.value)}
          />
          <button
            type="submit"
            data-testid="chatroom-send"
            aria-label={t('chatroom.send')}
            disabled={sending}
            className="grid size-10 place-items-center rounded-full bg-(--accent) text-(--accent-contrast) disabled:opacity-50"
          >
            <Send size={18} aria-hidden />
          </button>
        </form>
      )}
    </div>
  );
}
