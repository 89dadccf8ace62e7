import {
  CAMPAIGN_CHANNELS,
  CAMPAIGN_PLACEHOLDERS,
  type CampaignChannel,
  type CampaignPreviewValue,
  type CreateSegmentBody,
  type PreviewCampaignBody,
  type SegmentItem,
} from '@gamehall/shared/api/campaigns';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSteps, QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { ReachConfirm, type SendConfirmation } from '../../components/reach-confirm';
import { errorMessage } from '../../lib/errors';
import {
  campaignsKey,
  campaignsQuery,
  cancelCampaign,
  createCampaign,
  createSegment,
  previewCampaign,
  segmentsQuery,
} from './api';

const input = 'w-full rounded border border-(--border) bg-(--surface) px-2 py-1';
const FIELDS = ['all', 'username', 'id', 'name', 'mobile', 'email', 'ip'] as const;

/**
 * Campaigns (docs/campaigns.md): segments saved from the member search's filters, a message to a
 * segment by inbox, SMS and mail, previewed in each language and sent only once its reach is
 * confirmed, and the campaigns sent with their reads and clicks.
 */
export function CampaignsPage() {
  const { t } = useTranslation('messages');
  const segments = useQuery(segmentsQuery());
  return (
    <div className="grid gap-6">
      <PageHeader title={t('campaigns.title')} description={t('campaigns.description')} />
      <QueryErrorAlert error={segments.error} />
      <SegmentsSection segments={segments.data?.content ?? []} />
      {segments.data && <ComposeSection segments={segments.data.content} languages={segments.data.languages} />}
      <CampaignList />
    </div>
  );
}

function filterSummary(t: (k: string, o?: Record<string, unknown>) => string, s: SegmentItem): string {
  const f = s.filter;
  const parts = [
    f.q !== undefined && `${t(`campaigns.fields.${f.field}`)} ∋ "${f.q}"`,
    f.status !== undefined && t(`campaigns.status.${f.status}`),
    f.tag !== undefined && `${t('campaigns.tag')}: ${f.tag}`,
    f.agentsOnly && t('campaigns.agentsOnly'),
    (f.vipMin !== undefined || f.vipMax !== undefined) && `VIP ${f.vipMin ?? 0}–${f.vipMax ?? '∞'}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : t('campaigns.everyone');
}

function SegmentsSection({ segments }: { segments: SegmentItem[] }) {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [q, setQ] = useState('');
  const [field, setField] = useState<(typeof FIELDS)[number]>('all');
  const [status, setStatus] = useState('');
  const [tag, setTag] = useState('');
  const [agentsOnly, setAgentsOnly] = useState(false);
  const [vipMin, setVipMin] = useState('');
  const [vipMax, setVipMax] = useState('');
  const save = useMutation({
    mutationFn: createSegment,
    onSuccess: () => setName(''),
    onSettled: () => void client.invalidateQueries({ queryKey: campaignsKey }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body: CreateSegmentBody = {
      name,
      filter: {
        ...(q.trim() ? { q: q.trim(), field } : {}),
        ...(status === 'active' || status === 'disabled' ? { status } : {}),
        ...(tag.trim() ? { tag: tag.trim() } : {}),
        ...(agentsOnly ? { agentsOnly: true } : {}),
        ...(vipMin.trim() ? { vipMin: Number(vipMin) } : {}),
        ...(vipMax.trim() ? { vipMax: Number(vipMax) } : {}),
      },
    };
    save.mutate(body);
  };
  return (
    <section className="grid gap-3" aria-labelledby="segments-heading">
      <h2 id="segments-heading" className="font-semibold">
        {t('campaigns.segments')}
      </h2>
      <PlainTable
        caption={t('campaigns.segments')}
        columns={[
          { label: t('campaigns.name') },
          { label: t('campaigns.filter') },
          { label: t('campaigns.size'), numeric: true },
        ]}
        empty={segments.length === 0 ? t('campaigns.noSegments') : undefined}
      >
        {segments.map((s) => (
          <tr key={s.id} className="border-b border-(--border) last:border-b-0" data-testid="segment-row">
            <td className="px-3 py-2">{s.name}</td>
            <td className="px-3 py-2">{filterSummary(t, s)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{s.size}</td>
          </tr>
        ))}
      </PlainTable>
      <form onSubmit={submit} className="grid max-w-2xl gap-3 rounded-lg border border-(--border) p-4" noValidate>
        <h3 className="font-semibold">{t('campaigns.newSegment')}</h3>
        <p className="text-sm text-(--text-muted)">{t('campaigns.segmentHint')}</p>
        <label className="grid gap-1 text-sm">
          {t('campaigns.name')}
          <input className={input} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="grid gap-1 text-sm">
            {t('campaigns.text')}
            <input className={input} value={q} onChange={(e) => setQ(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            {t('campaigns.field')}
            <select className={input} value={field} onChange={(e) => setField(e.target.value as typeof field)}>
              {FIELDS.map((f) => (
                <option key={f} value={f}>
                  {t(`campaigns.fields.${f}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            {t('campaigns.memberStatus')}
            <select className={input} value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">{t('campaigns.anyStatus')}</option>
              <option value="active">{t('campaigns.status.active')}</option>
              <option value="disabled">{t('campaigns.status.disabled')}</option>
            </select>
          </label>
          <label className="grid gap-1 text-sm">
            {t('campaigns.tag')}
            <input className={input} value={tag} onChange={(e) => setTag(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            {t('campaigns.vipMin')}
            <input className={input} inputMode="numeric" value={vipMin} onChange={(e) => setVipMin(e.target.value)} />
          </label>
          <label className="grid gap-1 text-sm">
            {t('campaigns.vipMax')}
            <input className={input} inputMode="numeric" value={vipMax} onChange={(e) => setVipMax(e.target.value)} />
          </label>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={agentsOnly} onChange={(e) => setAgentsOnly(e.target.checked)} />
          {t('campaigns.agentsOnly')}
        </label>
        {save.error && (
          <p role="alert" className="text-sm text-(--danger)">
            {errorMessage(save.error)}
          </p>
        )}
        {save.isSuccess && (
          <p role="status" className="text-sm text-(--success)">
            {t('campaigns.segmentSaved', { size: save.data.size })}
          </p>
        )}
        <Button type="submit" disabled={save.isPending}>
          {t('campaigns.saveSegment')}
        </Button>
      </form>
    </section>
  );
}

type Texts = Record<string, { title: string; content: string; sms: string }>;

function ComposeSection({ segments, languages }: { segments: SegmentItem[]; languages: string[] }) {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [segmentId, setSegmentId] = useState('');
  const [channels, setChannels] = useState<CampaignChannel[]>(['inbox']);
  const [texts, setTexts] = useState<Texts>({});
  const [sendAt, setSendAt] = useState('');
  const [preview, setPreview] = useState<{ body: PreviewCampaignBody; value: CampaignPreviewValue } | null>(null);
  const [previews, setPreviews] = useState(0);
  const fallbackLanguage = languages[0] ?? 'EN';
  const body = (): PreviewCampaignBody => ({
    segmentId: Number(segmentId),
    channels,
    fallbackLanguage,
    texts: Object.fromEntries(
      Object.entries(texts)
        .filter(([, x]) => x.title.trim() || x.content.trim())
        .map(([l, x]) => [l, { title: x.title, content: x.content, ...(x.sms.trim() ? { sms: x.sms } : {}) }]),
    ),
  });
  const look = useMutation({
    mutationFn: (b: PreviewCampaignBody) => previewCampaign(b).then((value) => ({ body: b, value })),
    onMutate: () => setPreview(null),
    onSuccess: (seen) => {
      setPreviews((n) => n + 1);
      setPreview(seen);
    },
  });
  const send = useMutation({
    mutationFn: createCampaign,
    onSuccess: () => setPreview(null),
    onSettled: () => void client.invalidateQueries({ queryKey: campaignsKey }),
  });
  const edit = () => {
    setPreview(null);
    send.reset();
  };
  const setText = (language: string, patch: Partial<Texts[string]>) => {
    edit();
    setTexts((all) => ({ ...all, [language]: { title: '', content: '', sms: '', ...all[language], ...patch } }));
  };
  const toggle = (c: CampaignChannel, on: boolean) => {
    edit();
    setChannels((all) => (on ? [...all, c] : all.filter((x) => x !== c)));
  };
  const confirm = (confirmation: SendConfirmation) => {
    if (!preview) return;
    send.mutate({
      ...preview.body,
      name,
      ...confirmation,
      ...(sendAt ? { sendAt: new Date(sendAt).toISOString() } : {}),
    });
  };
  return (
    <section className="grid max-w-3xl gap-3 rounded-lg border border-(--border) p-4" aria-labelledby="compose-heading">
      <h2 id="compose-heading" className="font-semibold">
        {t('campaigns.compose')}
      </h2>
      <form
        className="grid gap-3"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          look.mutate(body());
        }}
      >
        <label className="grid gap-1 text-sm">
          {t('campaigns.name')}
          <input className={input} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="grid gap-1 text-sm">
          {t('campaigns.segment')}
          <select
            className={input}
            value={segmentId}
            onChange={(e) => {
              edit();
              setSegmentId(e.target.value);
            }}
          >
            <option value="">{t('campaigns.chooseSegment')}</option>
            {segments.map((s) => (
              <option key={s.id} value={s.id}>
                {`${s.name} (${s.size})`}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1">{t('campaigns.channels')}</legend>
          {CAMPAIGN_CHANNELS.map((c) => (
            <label key={c} className="flex items-center gap-2">
              <input type="checkbox" checked={channels.includes(c)} onChange={(e) => toggle(c, e.target.checked)} />
              {t(`campaigns.channel.${c}`)}
            </label>
          ))}
        </fieldset>
        <p className="text-xs text-(--text-muted)">
          {t('campaigns.placeholders', { list: CAMPAIGN_PLACEHOLDERS.map((p) => `{${p}}`).join(' ') })}
        </p>
        {languages.map((language) => (
          <fieldset key={language} className="grid gap-2 rounded border border-(--border) p-2">
            <legend className="px-1 text-sm">
              {language === fallbackLanguage ? t('campaigns.fallbackLanguage', { language }) : language}
            </legend>
            <input
              className={input}
              aria-label={`${t('campaigns.titleField')} ${language}`}
              placeholder={t('campaigns.titleField')}
              value={texts[language]?.title ?? ''}
              onChange={(e) => setText(language, { title: e.target.value })}
            />
            <textarea
              className={input}
              rows={3}
              aria-label={`${t('campaigns.content')} ${language}`}
              placeholder={t('campaigns.content')}
              value={texts[language]?.content ?? ''}
              onChange={(e) => setText(language, { content: e.target.value })}
            />
            {channels.includes('sms') && (
              <input
                className={input}
                aria-label={`${t('campaigns.smsText')} ${language}`}
                placeholder={t('campaigns.smsText')}
                value={texts[language]?.sms ?? ''}
                onChange={(e) => setText(language, { sms: e.target.value })}
              />
            )}
          </fieldset>
        ))}
        <label className="grid gap-1 text-sm">
          {t('campaigns.sendAt')}
          <input className={input} type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} />
        </label>
        {look.error && (
          <p role="alert" className="text-sm text-(--danger)">
            {errorMessage(look.error)}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={look.isPending || !segmentId}>
          {t('campaigns.preview')}
        </Button>
      </form>
      {preview && (
        <div className="grid gap-3 rounded border border-(--border) bg-(--surface) p-3" data-testid="campaign-preview">
          <h3 className="font-semibold">{t('campaigns.previewTitle')}</h3>
          <p className="text-sm">
            {preview.value.sample ? t('campaigns.sample', { username: preview.value.sample }) : t('campaigns.noSample')}
          </p>
          {preview.value.languages.map((l) => (
            <article key={l.language} className="rounded border border-(--border) p-2 text-sm">
              <p className="font-semibold">
                {l.language}
                {l.fallback && ` · ${t('campaigns.usesFallback')}`}
              </p>
              <p className="font-semibold">{l.title}</p>
              <p className="whitespace-pre-wrap">{l.content}</p>
              {preview.body.channels.includes('sms') && l.sms !== null && (
                <p className="mt-1 text-(--text-muted)">
                  {t('campaigns.channel.sms')}: {l.sms}
                </p>
              )}
            </article>
          ))}
          <p className="text-xs text-(--text-muted)">{t('campaigns.linksTracked')}</p>
          <dl className="grid grid-cols-2 gap-1 text-sm sm:grid-cols-4" data-testid="campaign-reach">
            {(['members', ...CAMPAIGN_CHANNELS] as const).map((k) => (
              <div key={k}>
                <dt className="text-(--text-muted)">{t(`campaigns.reach.${k}`)}</dt>
                <dd className="tabular-nums">{preview.value.reach[k]}</dd>
              </div>
            ))}
          </dl>
          {(preview.body.channels.includes('sms') || preview.body.channels.includes('mail')) && (
            <p className="text-sm">
              {(['sms', 'mail'] as const)
                .filter((c) => preview.body.channels.includes(c))
                .map((c) =>
                  t(`campaigns.delivery.${preview.value.delivery[c]}`, { channel: t(`campaigns.channel.${c}`) }),
                )
                .join(' ')}
            </p>
          )}
          <ReachConfirm
            key={previews}
            reach={preview.value.reach.members}
            everyone={preview.value.everyone}
            scheduled={Boolean(sendAt)}
            busy={send.isPending}
            error={send.error}
            disabled={!name.trim()}
            onSend={confirm}
          />
        </div>
      )}
      {send.isSuccess && (
        <p role="status" className="text-sm text-(--success)">
          {send.data.status === 'sent' ? t('campaigns.sent') : t('campaigns.scheduled')}
        </p>
      )}
    </section>
  );
}

function CampaignList() {
  const { t } = useTranslation('messages');
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(campaignsQuery(page));
  const cancel = useMutation({
    mutationFn: cancelCampaign,
    onSettled: () => void client.invalidateQueries({ queryKey: campaignsKey }),
  });
  return (
    <section className="grid gap-3" aria-labelledby="campaigns-heading">
      <h2 id="campaigns-heading" className="font-semibold">
        {t('campaigns.list')}
      </h2>
      <QueryErrorAlert error={list.error ?? cancel.error} />
      <PlainTable
        caption={t('campaigns.list')}
        columns={[
          { label: t('campaigns.name') },
          { label: t('campaigns.segment') },
          { label: t('campaigns.channels') },
          { label: t('campaigns.state') },
          { label: t('campaigns.when') },
          { label: t('campaigns.delivered'), numeric: true, hint: t('campaigns.deliveredHint') },
          { label: t('campaigns.read'), numeric: true },
          { label: t('campaigns.clicks'), numeric: true, hint: t('campaigns.clicksHint') },
          { label: '' },
        ]}
        empty={list.data?.content.length === 0 ? t('campaigns.none') : undefined}
      >
        {list.data?.content.map((c) => (
          <tr key={c.id} className="border-b border-(--border) last:border-b-0" data-testid="campaign-row">
            <td className="px-3 py-2">{c.name}</td>
            <td className="px-3 py-2">{c.segment.name}</td>
            <td className="px-3 py-2">{c.channels.map((x) => t(`campaigns.channel.${x}`)).join(', ')}</td>
            <td className="px-3 py-2">{t(`campaigns.statusValue.${c.status}`)}</td>
            <td className="px-3 py-2">{new Date(c.sentAt ?? c.sendAt).toLocaleString()}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {c.reach ? `${c.reach.inbox} / ${c.reach.sms} / ${c.reach.mail}` : c.confirmedReach}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{c.readCount}</td>
            <td className="px-3 py-2 text-right tabular-nums">{`${c.clicks} (${c.clickers})`}</td>
            <td className="px-3 py-2">
              {c.status === 'scheduled' && (
                <Button variant="ghost" disabled={cancel.isPending} onClick={() => cancel.mutate(c.id)}>
                  {t('campaigns.cancel')}
                </Button>
              )}
            </td>
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
    </section>
  );
}
