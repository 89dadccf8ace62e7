import { PROMOTION_KINDS, PROMOTION_TYPES } from '@gamehall/shared/api/rewards';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import {
  PHASE_TONES,
  ProgrammeError,
  ProgrammeForm,
  ProgrammeInput,
  ProgrammeSelect,
  ProgrammeStateButtons,
  useProgrammeState,
} from '../../components/programme-parts';
import { StatusBadge } from '../../components/status-badge';
import { TicketKindSelect } from '../../components/ticket-kind-select';
import { weightErrors } from '../../components/wagering-weights';
import { WeightInputs } from '../../components/weight-inputs';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { promotionsQuery, rewardsKey, savePromotion, setState, uploadPromotionImage } from './api';
import {
  emptyPromotionForm,
  hasWagering,
  type PromotionForm,
  type PromotionTextField,
  promotionFormOf,
  promotionPayload,
} from './promotion-form';
import { PromotionReportPanel } from './promotion-report';

/**
 * Programmes in the back office: a new one starts as a draft; activating it with a future start
 * schedules it; running ones pause and resume; ending is final. Rules are checked by the server's
 * shared schema (its field errors are shown as they come).
 */
export function PromotionsPage() {
  const { t } = useTranslation('rewards');
  const id = useId();
  const writable = useCan()('promotions.write');
  const queryClient = useQueryClient();
  const query = useQuery(promotionsQuery);
  const { error, setError, act } = useProgrammeState(setState, rewardsKey);
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<PromotionForm>(emptyPromotionForm);
  const [showWeightErrors, setShowWeightErrors] = useState(false);
  const [reportOf, setReportOf] = useState<number | null>(null);
  const [uploading, setUploading] = useState(false);
  const set = (key: PromotionTextField) => (e: { target: { value: string } }) =>
    setForm({ ...form, [key]: e.target.value });
  const languages = query.data?.languages ?? ['en'];
  const defaultLanguage = query.data?.defaultLanguage ?? 'en';
  const setText = (language: string, key: 'title' | 'summary' | 'rules') => (e: { target: { value: string } }) =>
    setForm({
      ...form,
      texts: {
        ...form.texts,
        [language]: { ...(form.texts[language] ?? { title: '', summary: '', rules: '' }), [key]: e.target.value },
      },
    });
  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    try {
      const image = await uploadPromotionImage(file);
      setForm((f) => ({ ...f, imageId: image.id, imageUrl: image.url }));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };
  const reset = () => {
    setEditing(null);
    setForm(emptyPromotionForm());
    setShowWeightErrors(false);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (hasWagering(form) && Object.keys(weightErrors(form.weights)).length > 0) {
      setShowWeightErrors(true);
      return;
    }
    try {
      await savePromotion(editing, promotionPayload(form));
      reset();
      await queryClient.invalidateQueries({ queryKey: rewardsKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  const rows = query.data?.list ?? [];
  const titleOf = (p: (typeof rows)[number]) => (p.texts[defaultLanguage] ?? Object.values(p.texts)[0])?.title;
  return (
    <div>
      <PageHeader title={t('promotions.title')} description={t('promotions.description')} />
      <ProgrammeError error={error} queryError={query.error} />
      <PlainTable
        caption={t('promotions.title')}
        collapse
        columns={[
          { label: t('fields.id'), numeric: true },
          { label: t('fields.title') },
          { label: t('fields.type') },
          { label: t('fields.kind') },
          { label: t('fields.phase') },
          { label: t('fields.startsAt') },
          { label: t('fields.endsAt') },
          { label: t('report.title') },
          writable && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {rows.map((p) => (
          <tr key={p.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 text-right tabular-nums">{p.id}</td>
            <td className="px-3 py-2">{titleOf(p)}</td>
            <td className="px-3 py-2">{p.type}</td>
            <td className="px-3 py-2">{t(`kinds.${p.kind}`)}</td>
            <td className="px-3 py-2">
              <StatusBadge label={t(`phases.${p.phase}`)} tone={PHASE_TONES[p.phase]} />
            </td>
            <td className="px-3 py-2 text-xs">{formatDateTime(p.startsAt)}</td>
            <td className="px-3 py-2 text-xs">{p.endsAt ? formatDateTime(p.endsAt) : '-'}</td>
            <td className="px-3 py-2">
              <Button variant="ghost" onClick={() => setReportOf(p.id)}>
                {t('report.open')}
              </Button>
            </td>
            {writable && (
              <td className="px-3 py-2">
                <ProgrammeStateButtons
                  state={p.state}
                  onAct={(state) => act(p.id, state)}
                  onEdit={() => {
                    setEditing(p.id);
                    setForm(promotionFormOf(p));
                    setShowWeightErrors(false);
                  }}
                  labels={{
                    edit: t('promotions.edit'),
                    activate: t('promotions.activate'),
                    pause: t('promotions.pause'),
                    end: t('promotions.end'),
                  }}
                />
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      {reportOf !== null && <PromotionReportPanel id={reportOf} onClose={() => setReportOf(null)} />}
      {writable && (
        <ProgrammeForm
          onSubmit={submit}
          title={editing === null ? t('promotions.new') : t('promotions.editing', { id: editing })}
        >
          <ProgrammeSelect id={`${id}-type`} label={t('fields.type')} value={form.type} onChange={set('type')}>
            {PROMOTION_TYPES.map((x) => (
              <option key={x}>{x}</option>
            ))}
          </ProgrammeSelect>
          <ProgrammeSelect id={`${id}-kind`} label={t('fields.kind')} value={form.kind} onChange={set('kind')}>
            {PROMOTION_KINDS.map((x) => (
              <option key={x} value={x}>
                {t(`kinds.${x}`)}
              </option>
            ))}
          </ProgrammeSelect>
          <ProgrammeSelect
            id={`${id}-trigger`}
            label={t('fields.trigger')}
            value={form.trigger}
            onChange={set('trigger')}
          >
            {['deposit', 'registration', 'login', 'none'].map((x) => (
              <option key={x} value={x}>
                {t(`triggers.${x}`)}
              </option>
            ))}
          </ProgrammeSelect>
          <p className="text-sm text-(--text-muted) sm:col-span-3">
            {t('fields.textsHint', { language: defaultLanguage.toUpperCase() })}
          </p>
          {[defaultLanguage, ...languages.filter((l) => l !== defaultLanguage)].map((language) =>
            (['title', 'summary', 'rules'] as const).map((key) => (
              <ProgrammeInput
                key={`${language}-${key}`}
                id={`${id}-${language}-${key}`}
                label={
                  language === defaultLanguage
                    ? t(`fields.${key}`)
                    : `${t(`fields.${key}`)} (${language.toUpperCase()})`
                }
                type="text"
                value={form.texts[language]?.[key] ?? ''}
                onChange={setText(language, key)}
              />
            )),
          )}
          {(
            [
              ['startsAt', 'datetime-local'],
              ['endsAt', 'datetime-local'],
              ['percent', 'number'],
              ['cap', 'number'],
              ['minDeposit', 'number'],
              ['nthDeposit', 'number'],
              ['amount', 'number'],
              ['multiple', 'number'],
              ['days', 'number'],
              ['claimDays', 'number'],
              ['prizes', 'text'],
              ['vipLevels', 'text'],
              ['tags', 'text'],
              ['agentIds', 'text'],
              ['countries', 'text'],
              ['registeredFrom', 'datetime-local'],
              ['registeredTo', 'datetime-local'],
              ['budget', 'number'],
              ['claimsCap', 'number'],
              ['claimsPerMember', 'number'],
              ['maxBet', 'number'],
            ] as const
          ).map(([key, type]) => (
            <ProgrammeInput
              key={key}
              id={`${id}-${key}`}
              label={t(`fields.${key}`)}
              type={type}
              value={form[key]}
              onChange={set(key)}
            />
          ))}
          <ProgrammeSelect id={`${id}-payAs`} label={t('fields.payAs')} value={form.payAs} onChange={set('payAs')}>
            <option value="bonus">{t('payAs.bonus')}</option>
            <option value="cash">{t('payAs.cash')}</option>
            <option value="ticket">{t('payAs.ticket')}</option>
          </ProgrammeSelect>
          {form.payAs === 'ticket' && (
            <TicketKindSelect
              id={`${id}-ticketKindId`}
              label={t('fields.ticketKindId')}
              value={form.ticketKindId}
              onChange={set('ticketKindId')}
            />
          )}
          <ProgrammeSelect id={`${id}-base`} label={t('fields.base')} value={form.base} onChange={set('base')}>
            <option value="bonus">{t('base.bonus')}</option>
            <option value="bonus_deposit">{t('base.bonus_deposit')}</option>
          </ProgrammeSelect>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.requiresJoin}
              onChange={(e) => setForm({ ...form, requiresJoin: e.target.checked })}
            />
            {t('fields.requiresJoin')}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={form.onePerPerson}
              onChange={(e) => setForm({ ...form, onePerPerson: e.target.checked })}
            />
            {t('fields.onePerPerson')}
          </label>
          <div className="sm:col-span-3">
            <label htmlFor={`${id}-image`} className="mb-1 block text-sm font-medium">
              {t('fields.image')}
            </label>
            <input
              id={`${id}-image`}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={uploading}
              onChange={(e) => void pickImage(e.target.files?.[0])}
              className="text-sm"
            />
            {uploading && <p className="mt-1 text-xs text-(--text-muted)">{t('fields.uploading')}</p>}
            {form.imageUrl && (
              <div className="mt-2 flex items-start gap-2">
                <img
                  src={form.imageUrl}
                  alt={t('fields.imagePreview')}
                  width={320}
                  height={120}
                  className="h-auto max-w-full rounded"
                />
                <Button variant="ghost" onClick={() => setForm({ ...form, imageId: null, imageUrl: null })}>
                  {t('fields.imageRemove')}
                </Button>
              </div>
            )}
          </div>
          {hasWagering(form) && (
            <WeightInputs
              idPrefix={`${id}-weight`}
              weights={form.weights}
              errors={showWeightErrors ? weightErrors(form.weights) : {}}
              onChange={(weights) => setForm({ ...form, weights })}
            />
          )}
          <div className="flex gap-2 sm:col-span-3">
            <Button type="submit">{editing === null ? t('promotions.create') : t('promotions.save')}</Button>
            {editing !== null && (
              <Button variant="ghost" onClick={reset}>
                {t('promotions.cancel')}
              </Button>
            )}
          </div>
        </ProgrammeForm>
      )}
    </div>
  );
}
