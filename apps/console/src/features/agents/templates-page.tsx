import {
  type ContractLimit,
  ContractLimitsBody,
  type ContractTemplate,
  ContractTemplateBody,
} from '@gamehall/shared/api/admin-agents';
import { CONTRACT_KINDS, type ContractKind, DIVIDEND_PERIODS } from '@gamehall/shared/api/contracts';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useCan } from '../../lib/session';
import { useFormAction } from '../../lib/use-form-action';
import {
  deleteTemplate,
  formatRate,
  limitsKey,
  limitsQuery,
  saveLimits,
  saveTemplate,
  templatesKey,
  templatesQuery,
} from './api';
import { SELECT } from './offer-dialog';
import { type TierDraft, TiersEditor, tierDrafts, tiersOf } from './tiers-editor';

/** Contract templates (what operators offer top agents) and each kind's highest rate for them. */
export function TemplatesPage() {
  const { t } = useTranslation('agents');
  const writable = useCan()('agents.write');
  const queryClient = useQueryClient();
  const templates = useQuery(templatesQuery);
  const [editing, setEditing] = useState<ContractTemplate | 'new' | null>(null);
  const [removing, setRemoving] = useState<ContractTemplate | null>(null);

  return (
    <div>
      <PageHeader title={t('templates.title')} description={t('templates.description')} />
      {templates.error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {errorMessage(templates.error)}
        </p>
      )}
      {writable && (
        <div className="mb-3">
          <Button onClick={() => setEditing('new')}>{t('templates.new')}</Button>
        </div>
      )}
      <PlainTable
        caption={t('templates.title')}
        collapse
        columns={[
          { label: t('fields.name') },
          { label: t('fields.kind') },
          { label: t('fields.period') },
          { label: t('fields.tiers') },
          { label: t('fields.rate'), numeric: true },
          { label: t('fields.status') },
          writable && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {(templates.data ?? []).map((x) => (
          <tr key={x.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 font-semibold">{x.name}</td>
            <td className="px-3 py-2">{t(`kinds.${x.kind}`)}</td>
            <td className="px-3 py-2">{t(`periods.${x.period}`, { defaultValue: x.period })}</td>
            <td className="px-3 py-2 text-xs">
              {x.tiers.map((tier) => (
                <span key={`${tier.minValidBet}-${tier.minActiveMembers}`} className="block">
                  {t('tiers.row', {
                    bet: tier.minValidBet,
                    members: tier.minActiveMembers,
                    rate: formatRate(tier.ratePpm),
                  })}
                </span>
              ))}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{formatRate(x.ratePpm)}</td>
            <td className="px-3 py-2">
              <StatusBadge
                label={x.enabled ? t('templates.enabled') : t('templates.disabled')}
                tone={x.enabled ? 'success' : 'muted'}
              />
            </td>
            {writable && (
              <td className="px-3 py-2">
                <div className="flex gap-1">
                  <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setEditing(x)}>
                    {t('common.edit', { ns: 'core' })}
                  </Button>
                  <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setRemoving(x)}>
                    {t('templates.remove')}
                  </Button>
                </div>
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      <LimitsSection writable={writable} />
      {editing !== null && (
        <TemplateDialog template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('templates.remove')}
        message={t('templates.removeConfirm', { name: removing?.name ?? '' })}
        confirmLabel={t('templates.remove')}
        danger
        onConfirm={async () => {
          if (!removing) return;
          await deleteTemplate(removing.id);
          await queryClient.invalidateQueries({ queryKey: templatesKey });
        }}
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}

function TemplateDialog({ template, onClose }: { template: ContractTemplate | null; onClose: () => void }) {
  const { t } = useTranslation('agents');
  const id = useId();
  const { errors, setErrors, error, busy, run } = useFormAction(templatesKey);
  const [name, setName] = useState(template?.name ?? '');
  const [kind, setKind] = useState<ContractKind>(template?.kind ?? 'dividend');
  const [period, setPeriod] = useState(template && template.kind === 'dividend' ? template.period : 'weekly');
  const [enabled, setEnabled] = useState(template?.enabled ?? true);
  const [tiers, setTiers] = useState<TierDraft[]>(
    template ? tierDrafts(template.tiers) : [{ minValidBet: '0', minActiveMembers: '0', ratePercent: '' }],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(ContractTemplateBody, {
      name,
      kind,
      ...(kind === 'dividend' ? { period } : {}),
      tiers: tiersOf(tiers),
      enabled,
    });
    if (!checked.data) return setErrors(checked.errors);
    const body = checked.data;
    if (await run(() => saveTemplate(template?.id ?? null, body))) onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={template ? t('templates.editTitle', { name: template.name }) : t('templates.new')}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          label={t('fields.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          maxLength={60}
          required
        />
        <div className="mb-3 flex flex-wrap gap-4 text-sm">
          <div className="flex flex-col">
            <label htmlFor={`${id}-kind`}>{t('fields.kind')}</label>
            <select
              id={`${id}-kind`}
              value={kind}
              onChange={(e) => setKind(e.target.value as ContractKind)}
              className={SELECT}
            >
              {CONTRACT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </select>
          </div>
          {kind === 'dividend' && (
            <div className="flex flex-col">
              <label htmlFor={`${id}-period`}>{t('fields.period')}</label>
              <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.target.value)} className={SELECT}>
                {DIVIDEND_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {t(`periods.${p}`)}
                  </option>
                ))}
              </select>
              {errors.period && <p className="mt-1 text-xs text-(--danger)">{errors.period}</p>}
            </div>
          )}
        </div>
        <TiersEditor value={tiers} onChange={setTiers} error={errors.tiers} />
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
          {t('templates.enabledLabel')}
        </label>
        <FormFooter error={error} busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** The highest rate of each kind an operator may give a top agent (percent typed, ppm sent). */
function LimitsSection({ writable }: { writable: boolean }) {
  const { t } = useTranslation('agents');
  const id = useId();
  const limits = useQuery(limitsQuery);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (limits.data)
      setDraft(Object.fromEntries(limits.data.map((l: ContractLimit) => [l.kind, String(l.maxRatePpm / 10_000)])));
  }, [limits.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const list = CONTRACT_KINDS.filter((k) => (draft[k] ?? '').trim() !== '').map((kind) => ({
      kind,
      maxRatePpm: Math.round(Number(draft[kind]) * 10_000),
    }));
    const checked = validate(ContractLimitsBody, { list });
    if (!checked.data) return setError(t('limits.invalid'));
    const body = checked.data;
    setBusy(true);
    setError('');
    try {
      await saveLimits(body);
      await queryClient.invalidateQueries({ queryKey: limitsKey });
      setSaved(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="mt-8">
      <h2 className="mb-1 font-semibold">{t('limits.title')}</h2>
      <p className="mb-3 text-sm text-(--text-muted)">{t('limits.description')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-end gap-4">
        {CONTRACT_KINDS.map((k) => (
          <div key={k} className="flex flex-col text-sm">
            <label htmlFor={`${id}-${k}`}>{t('limits.of', { kind: t(`kinds.${k}`) })}</label>
            <input
              id={`${id}-${k}`}
              inputMode="decimal"
              disabled={!writable}
              value={draft[k] ?? ''}
              onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
              className={SELECT}
            />
          </div>
        ))}
        {writable && (
          <Button type="submit" disabled={busy}>
            {t('common.save', { ns: 'core' })}
          </Button>
        )}
        <span role="status" className="text-sm text-(--text-muted)">
          {saved ? t('common.saved', { ns: 'core' }) : ''}
        </span>
      </form>
      {(error || limits.error) && (
        <p role="alert" className="mt-2 text-sm text-(--danger)">
          {error || errorMessage(limits.error)}
        </p>
      )}
    </section>
  );
}
