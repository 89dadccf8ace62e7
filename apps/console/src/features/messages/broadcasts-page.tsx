import type { BroadcastAudience, CreateBroadcastBody } from '@gamehall/shared/api/messages';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSteps, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { errorMessage } from '../../lib/errors';
import { useCan } from '../../lib/session';
import { broadcastsQuery, cancelBroadcast, createBroadcast, messagesKey } from './api';

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

function ComposeForm() {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  const [audience, setAudience] = useState<(typeof AUDIENCES)[number]>('everyone');
  const [vipLevel, setVipLevel] = useState('1');
  const [agentId, setAgentId] = useState('');
  const [usernames, setUsernames] = useState('');
  const [texts, setTexts] = useState([
    { language: 'EN', title: '', content: '' },
    { language: '', title: '', content: '' },
  ]);
  const [marketing, setMarketing] = useState(false);
  const [sendAt, setSendAt] = useState('');
  const [done, setDone] = useState(false);
  const send = useMutation({
    mutationFn: createBroadcast,
    onMutate: () => setDone(false),
    onSuccess: () => setDone(true),
    onSettled: () => void client.invalidateQueries({ queryKey: messagesKey }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const who: BroadcastAudience =
      audience === 'vip_level'
        ? { type: 'vip_level', vipLevel: Number(vipLevel) }
        : audience === 'team'
          ? { type: 'team', agentId: Number(agentId) }
          : audience === 'members'
            ? { type: 'members', usernames: usernames.split(/[\s,]+/).filter(Boolean) }
            : { type: 'everyone' };
    const filled = texts.filter((x) => x.language.trim() && (x.title.trim() || x.content.trim()));
    const body: CreateBroadcastBody = {
      audience: who,
      texts: Object.fromEntries(
        filled.map((x) => [x.language.trim().toUpperCase(), { title: x.title, content: x.content }]),
      ),
      fallbackLanguage: (texts[0]?.language ?? 'EN').trim().toUpperCase(),
      marketing,
      ...(sendAt ? { sendAt: new Date(sendAt).toISOString() } : {}),
    };
    send.mutate(body);
  };
  const setText = (i: number, patch: Partial<(typeof texts)[number]>) =>
    setTexts((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <form onSubmit={submit} className="mb-6 grid max-w-2xl gap-3 rounded-lg border border-(--border) p-4" noValidate>
      <h2 className="font-semibold">{t('broadcasts.compose')}</h2>
      <label className="grid gap-1 text-sm">
        {t('broadcasts.audience')}
        <select className={input} value={audience} onChange={(e) => setAudience(e.target.value as typeof audience)}>
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
          <input className={input} inputMode="numeric" value={vipLevel} onChange={(e) => setVipLevel(e.target.value)} />
        </label>
      )}
      {audience === 'team' && (
        <label className="grid gap-1 text-sm">
          {t('broadcasts.agentId')}
          <input className={input} inputMode="numeric" value={agentId} onChange={(e) => setAgentId(e.target.value)} />
        </label>
      )}
      {audience === 'members' && (
        <label className="grid gap-1 text-sm">
          {t('broadcasts.usernames')}
          <textarea className={input} rows={3} value={usernames} onChange={(e) => setUsernames(e.target.value)} />
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
        <input type="checkbox" checked={marketing} onChange={(e) => setMarketing(e.target.checked)} />
        {t('broadcasts.marketing')}
      </label>
      <label className="grid gap-1 text-sm">
        {t('broadcasts.sendAt')}
        <input className={input} type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} />
      </label>
      {send.error && (
        <p role="alert" className="text-sm text-(--danger)">
          {errorMessage(send.error)}
        </p>
      )}
      {done && (
        <p role="status" className="text-sm text-(--success)">
          {t('broadcasts.sent')}
        </p>
      )}
      <Button type="submit" disabled={send.isPending}>
        {t('broadcasts.send')}
      </Button>
    </form>
  );
}
