import type { AdminChatroomMessage, ChatroomRestrictionKind } from '@gamehall/shared/api/chatroom';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/errors';
import {
  chatroomKey,
  deleteRoomMessage,
  liftRestriction,
  restrictionsQuery,
  restrictMember,
  roomMessagesQuery,
} from './chatroom-api';

/** The durations an operator picks from, in minutes; null (bans only) lasts until lifted. */
const DURATIONS: readonly (number | null)[] = [10, 60, 24 * 60, 7 * 24 * 60, 30 * 24 * 60, null];

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * The public chat room's moderation (docs/chat.md "Public chat room", permission chatroom.moderate): the newest
 * messages (deleted ones struck through, with who deleted them), each with delete, mute and ban, and
 * the mutes and bans in force with lift. Every action is audited by the server.
 */
export function ChatroomPage() {
  const { t } = useTranslation('support');
  const messages = useQuery(roomMessagesQuery);
  const restrictions = useQuery(restrictionsQuery);
  return (
    <div>
      <PageHeader title={t('chatroom.title')} description={t('chatroom.description')} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <section aria-labelledby="chatroom-messages">
          <h2 id="chatroom-messages" className="mb-2 font-semibold">
            {t('chatroom.messages')}
          </h2>
          <QueryErrorAlert error={messages.error} />
          <EmptyNote show={messages.data?.length === 0}>{t('chatroom.noMessages')}</EmptyNote>
          <ul className="grid gap-2">
            {messages.data?.map((m) => (
              <MessageRow key={m.id} message={m} />
            ))}
          </ul>
        </section>
        <section aria-labelledby="chatroom-restrictions">
          <h2 id="chatroom-restrictions" className="mb-2 font-semibold">
            {t('chatroom.restrictions')}
          </h2>
          <QueryErrorAlert error={restrictions.error} />
          <EmptyNote show={restrictions.data?.length === 0}>{t('chatroom.noRestrictions')}</EmptyNote>
          <ul className="grid gap-2">
            {restrictions.data?.map((r) => (
              <RestrictionRow
                key={`${r.memberId}-${r.kind}`}
                memberId={r.memberId}
                kind={r.kind}
                text={t(r.until ? 'chatroom.restrictionUntil' : 'chatroom.restrictionLifted', {
                  username: r.username,
                  kind: t(`chatroom.kind.${r.kind}`),
                  until: r.until ? when(r.until) : '',
                })}
                detail={`${r.reason} · ${r.createdBy ?? ''} · ${when(r.createdAt)}`}
              />
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: chatroomKey });
}

function MessageRow({ message }: { message: AdminChatroomMessage }) {
  const { t } = useTranslation('support');
  const refresh = useRefresh();
  const [restricting, setRestricting] = useState<ChatroomRestrictionKind | null>(null);
  const remove = useMutation({ mutationFn: () => deleteRoomMessage(message.id), onSettled: refresh });
  const deleted = message.deletedAt !== null;
  return (
    <li
      className="rounded-lg border border-(--border) bg-(--surface-raised) p-3 text-sm"
      data-testid="chatroom-message"
    >
      <p className="mb-1 text-xs text-(--text-muted)">
        #{message.seq} · {message.username} ({message.author}) · {when(message.createdAt)}
      </p>
      <p className={`break-words ${deleted ? 'text-(--text-muted) line-through' : ''}`}>{message.text}</p>
      {deleted && (
        <p className="text-xs text-(--text-muted)">
          {t('chatroom.deletedBy', { who: message.deletedBy ?? '', when: when(message.deletedAt ?? '') })}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {!deleted && (
          <Button variant="danger" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('chatroom.delete')}
          </Button>
        )}
        <Button variant="ghost" aria-pressed={restricting === 'mute'} onClick={() => setRestricting('mute')}>
          {t('chatroom.mute')}
        </Button>
        <Button variant="ghost" aria-pressed={restricting === 'ban'} onClick={() => setRestricting('ban')}>
          {t('chatroom.ban')}
        </Button>
      </div>
      {remove.error && (
        <p role="alert" className="mt-1 text-(--danger)">
          {errorMessage(remove.error)}
        </p>
      )}
      {restricting && (
        <RestrictForm
          key={restricting}
          memberId={message.memberId}
          username={message.username}
          kind={restricting}
          onDone={() => setRestricting(null)}
        />
      )}
    </li>
  );
}

function RestrictForm({
  memberId,
  username,
  kind,
  onDone,
}: {
  memberId: number;
  username: string;
  kind: ChatroomRestrictionKind;
  onDone: () => void;
}) {
  const { t } = useTranslation('support');
  const refresh = useRefresh();
  const choices = kind === 'mute' ? DURATIONS.filter((d) => d !== null) : DURATIONS;
  const [minutes, setMinutes] = useState<number | null>(choices[0] ?? 10);
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: () => restrictMember({ memberId, kind, minutes, reason: reason.trim() }),
    onSuccess: onDone,
    onSettled: refresh,
  });
  return (
    <form
      className="mt-2 grid gap-2 rounded border border-(--border) p-2"
      aria-label={t(`chatroom.${kind}Title`, { username })}
      onSubmit={(e) => {
        e.preventDefault();
        if (reason.trim()) save.mutate();
      }}
    >
      <p className="font-semibold">{t(`chatroom.${kind}Title`, { username })}</p>
      <label className="grid gap-1">
        {t('chatroom.duration')}
        <select
          className="rounded border border-(--border) bg-(--surface) px-2 py-1"
          value={minutes === null ? '' : String(minutes)}
          onChange={(e) => setMinutes(e.target.value === '' ? null : Number(e.target.value))}
        >
          {choices.map((d) => (
            <option key={d ?? 'lifted'} value={d === null ? '' : String(d)}>
              {t(`chatroom.durations.${d ?? 'untilLifted'}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1">
        {t('chatroom.reason')}
        <input
          className="rounded border border-(--border) bg-(--surface) px-2 py-1"
          value={reason}
          maxLength={200}
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      {save.error && (
        <p role="alert" className="text-(--danger)">
          {errorMessage(save.error)}
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" disabled={save.isPending || !reason.trim()}>
          {t(`chatroom.${kind}`)}
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          {t('chatroom.cancel')}
        </Button>
      </div>
    </form>
  );
}

function RestrictionRow({
  memberId,
  kind,
  text,
  detail,
}: {
  memberId: number;
  kind: ChatroomRestrictionKind;
  text: string;
  detail: string;
}) {
  const { t } = useTranslation('support');
  const refresh = useRefresh();
  const lift = useMutation({ mutationFn: () => liftRestriction(memberId, kind), onSettled: refresh });
  return (
    <li
      className="rounded-lg border border-(--border) bg-(--surface-raised) p-3 text-sm"
      data-testid="chatroom-restriction"
    >
      <p>{text}</p>
      <p className="text-xs text-(--text-muted)">{detail}</p>
      {lift.error && (
        <p role="alert" className="text-(--danger)">
          {errorMessage(lift.error)}
        </p>
      )}
      <Button className="mt-2" variant="secondary" disabled={lift.isPending} onClick={() => lift.mutate()}>
        {t('chatroom.lift')}
      </Button>
    </li>
  );
}
