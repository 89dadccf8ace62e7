import type { BroadcastAudience, BroadcastPreviewValue, PreviewBroadcastBody } from '@gamehall/shared/api/messages';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSteps, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { ReachConfirm, type SendConfirmation } from '../../components/reach-confirm';
import { errorMessage } from '../../lib/errors';
import { useCan } from '../../lib/session';
import { broadcastsQuery, cancelBroadcast, createBroadcast, messagesKey, previewBroadcast } from './api';

const input = 'w-full rounded border border-(--border) bg-(--surface) px-2 py-1';
const AUDIENCES = ['everyone', 'vip_level', 'team', 'members'] as const;

/** Broadcasts: compose (audience, per-language texts, schedule) and the list with reach and read counts. */
export function BroadcastsPage() {
  const { t } = useTranslation('messages');
  const writable = useCan()('messages.write');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(broadcastsQuery(page));
  const cancel = useMutation({
    mutationFn: cancelBroadcast,
    onSettled: () => void client.invalidateQueries({ queryKey: messagesKey }),
  });
  return (
    <div>
      <PageHeader title={t('broadcasts.title')} description={t('broadcasts.description')} />
      {writable && <ComposeForm />}
      <QueryErrorAlert error={list.error ?? cancel.error} />
      <PlainTable
        caption={t('broadcasts.title')}
        columns={[
          { label: '#' },
          { label: t('broadcasts.titleField') },
          { label: t('broadcasts.audience') },
          { label: t('broadcasts.status') },
          { label: t('broadcasts.when') },
          { label: t('broadcasts.reach'), numeric: true },
          { label: t('broadcasts.read'), numeric: true },
          writable && { label: '' },
        ]}
      >
        {list.data?.content.map((b) => (
          <tr key={b.id} className="border-b border-(--border) last:border-b-0" data-testid="broadcast-row">
            <td className="px-3 py-2">{b.id}</td>
            <td className="px-3 py-2">{b.texts[b.fallbackLanguage]?.title}</td>
            <td className="px-3 py-2">
              {t(`broadcasts.${b.audience.type}`)}
              {b.audience.vipLevel !== null && ` ${b.audience.vipLevel}`}
              {b.audience.agentUsername && ` ${b.audience.agentUsername}`}
              {b.audience.memberCount !== null && ` (${b.audience.memberCount})`}
              {b.marketing && ` · ${t('broadcasts.marketing')}`}
            </td>
            <td className="px-3 py-2">{t(`broadcasts.statusValue.${b.status}`)}</td>
            <td className="px-3 py-2">{new Date(b.sentAt ?? b.sendAt).toLocaleString()}</td>
            <td className="px-3 py-2 text-right tabular-nums">{b.reach ?? ''}</td>
            <td className="px-3 py-2 text-right tabular-nums">{b.readCount}</td>
            {writable && (
              <td className="px-3 py-2">
                {b.status === 'scheduled' && (
                  <Button variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(b.id)}>
                    {t('broadcasts.cancel')}
                  </Button>
                )}
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      <PageSteps
        page={page}
        pages={list.data?.totalPages ?? 1}
        previousLabel={t('broadcasts.previous')}
        nextLabel={t('broadcasts.next')}
        onPage={setPage}
      />
    </div>
  );
}

const emptyTexts = () => [
  { language: 'EN', title: '', content: '' },
  { language: '', title: '', content: '' },
];

/**
 * Compose, preview, confirm: the form is previewed (the reach now, the texts as written), then sent
 * through ReachConfirm, the guard every send to many members shares; an edit drops the preview, and
 * a send clears the form so nothing is sent again by another press.
 */
function ComposeForm() {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  const [audience, setAudience] = useState<(typeof AUDIENCES)[number] | ''>('');
  const [vipLevel, setVipLevel] = useState('1');
  const [agentId, setAgentId] = useState('');
  const [usernames, setUsernames] = useState('');
  const [texts, setTexts] = useState(emptyTexts);
  const [marketing, setMarketing] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [preview, setPreview] = useState<{ body: PreviewBroadcastBody; value: BroadcastPreviewValue } | null>(null);
  const [previews, setPreviews] = useState(0);
  const look = useMutation({
    mutationFn: (b: PreviewBroadcastBody) => previewBroadcast(b).then((value) => ({ body: b, value })),
    onMutate: () => setPreview(null),
    onSuccess: (seen) => {
      setPreviews((n) => n + 1);
      setPreview(seen);
    },
  });
  const send = useMutation({
    mutationFn: createBroadcast,
    onSuccess: () => {
      setPreview(null);
      setTexts(emptyTexts());
      setUsernames('');
      setSendAt('');
      setAudience('');
    },
    onSettled: () => void client.invalidateQueries({ queryKey: messagesKey }),
  });
  /** Any edit: the preview no longer shows what would be sent. */
  const edit = () => {
    setPreview(null);
    send.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!audience) return;
    const who: BroadcastAudience =
      audience === 'vip_level'
        ? { type: 'vip_level', vipLevel: Number(vipLevel) }
        : audience === 'team'
          ? { type: 'team', agentId: Number(agentId) }
          : audience === 'members'
            ? { type: 'members', usernames: usernames.split(/[\s,]+/).filter(Boolean) }
            : { type: 'everyone' };
    const filled = texts.filter((x) => x.language.trim() && (x.title.trim() || x.content.trim()));
    look.mutate({
      audience: who,
      texts: Object.fromEntries(
        filled.map((x) => [x.language.trim().toUpperCase(), { title: x.title, content: x.content }]),
      ),
      fallbackLanguage: (texts[0]?.language ?? 'EN').trim().toUpperCase(),
      marketing,
    });
  };
  const confirm = (confirmation: SendConfirmation) => {
    if (!preview) return;
    send.mutate({ ...preview.body, ...confirmation, ...(sendAt ? { sendAt: new Date(sendAt).toISOString() } : {}) });
  };
  const setText = (i: number, patch: Partial<(typeof texts)[number]>) => {
    edit();
    setTexts((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  };
  return (
    <section
      className="mb-6 grid max-w-2xl gap-3 rounded-lg border border-(--border) p-4"
      aria-labelledby="broadcast-compose"
    >
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <h2 id="broadcast-compose" className="font-semibold">
          {t('broadcasts.compose')}
        </h2>
        <label className="grid gap-1 text-sm">
          {t('broadcasts.audience')}
          <select
            className={input}
            value={audience}
            onChange={(e) => {
              edit();
              setAudience(e.target.value as typeof audience);
            }}
          >
            <option value="">{t('broadcasts.chooseAudience')}</option>
            {AUDIENCES.map((a) => (
              <option key={a} value={a}>
                {t(`broadcasts.${a}`)}
              </option>
            ))}
          </select>
        </label>
        {audience === 'vip_level' && (
          <label className="grid gap-1 text-sm">
            {t('broadcasts.vipLevel')}
            <input
              className={input}
              inputMode="numeric"
              value={vipLevel}
              onChange={(e) => {
                edit();
                setVipLevel(e.target.value);
              }}
            />
          </label>
        )}
        {audience === 'team' && (
          <label className="grid gap-1 text-sm">
            {t('broadcasts.agentId')}
            <input
              className={input}
              inputMode="numeric"
              value={agentId}
              onChange={(e) => {
                edit();
                setAgentId(e.target.value);
              }}
            />
          </label>
        )}
        {audience === 'members' && (
          <label className="grid gap-1 text-sm">
            {t('broadcasts.usernames')}
            <textarea
              className={input}
              rows={3}
              value={usernames}
              onChange={(e) => {
                edit();
                setUsernames(e.target.value);
              }}
            />
          </label>
        )}
        {texts.map((x, i) => (
          <fieldset key={i === 0 ? 'first' : 'second'} className="grid gap-2 rounded border border-(--border) p-2">
            <legend className="px-1 text-sm">
              {i === 0 ? t('broadcasts.language') : t('broadcasts.secondLanguage')}
            </legend>
            <input
              className={input}
              aria-label={t('broadcasts.language')}
              placeholder="EN"
              value={x.language}
              onChange={(e) => setText(i, { language: e.target.value })}
            />
            <input
              className={input}
              aria-label={t('broadcasts.titleField')}
              placeholder={t('broadcasts.titleField')}
              value={x.title}
              onChange={(e) => setText(i, { title: e.target.value })}
            />
            <textarea
              className={input}
              rows={3}
              aria-label={t('broadcasts.content')}
              placeholder={t('broadcasts.content')}
              value={x.content}
              onChange={(e) => setText(i, { content: e.target.value })}
            />
            {i === 0 && <span className="text-xs text-(--text-muted)">{t('broadcasts.fallback')}</span>}
          </fieldset>
        ))}
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={marketing}
            onChange={(e) => {
              edit();
              setMarketing(e.target.checked);
            }}
          />
          {t('broadcasts.marketing')}
        </label>
        <label className="grid gap-1 text-sm">
          {t('broadcasts.sendAt')}
          <input className={input} type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} />
        </label>
        {look.error && (
          <p role="alert" className="text-sm text-(--danger)">
            {errorMessage(look.error)}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={look.isPending || !audience}>
          {t('broadcasts.preview')}
        </Button>
      </form>
      {preview && (
        <div className="grid gap-3 rounded border border-(--border) bg-(--surface) p-3" data-testid="broadcast-preview">
          <h3 className="font-semibold">{t('broadcasts.previewTitle')}</h3>
          <p className="text-sm">
            {t('broadcasts.previewAudience', { audience: t(`broadcasts.${preview.body.audience.type}`) })}
          </p>
          {Object.entries(preview.body.texts).map(([language, text]) => (
            <article key={language} className="rounded border border-(--border) p-2 text-sm">
              <p className="font-semibold">{`${language} · ${text.title}`}</p>
              <p className="whitespace-pre-wrap">{text.content}</p>
            </article>
          ))}
          <ReachConfirm
            key={previews}
            reach={preview.value.reach}
            everyone={preview.value.everyone}
            scheduled={Boolean(sendAt)}
            busy={send.isPending}
            error={send.error}
            onSend={confirm}
          />
        </div>
      )}
      {send.isSuccess && (
        <p role="status" className="text-sm text-(--success)">
          {send.data.status === 'sent'
            ? t('broadcasts.sentTo', { reach: send.data.reach ?? 0 })
            : t('broadcasts.scheduled')}
        </p>
      )}
    </section>
  );
}
