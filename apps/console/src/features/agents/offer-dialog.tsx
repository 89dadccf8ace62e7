import { AdminOfferBody } from '@gamehall/shared/api/admin-agents';
import { CONTRACT_KINDS, type ContractKind, DIVIDEND_PERIODS } from '@gamehall/shared/api/contracts';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/form-footer';
import { validate } from '../../lib/form-errors';
import { useFormAction } from '../../lib/use-form-action';
import { agentsKey, formatRate, offerContract, templatesQuery } from './api';
import { type TierDraft, TiersEditor, tiersOf } from './tiers-editor';

export const SELECT = 'mt-1 rounded-md border border-(--border) bg-(--surface) px-2 py-1.5 text-sm text-(--text)';

/**
 * Offering a contract to a top agent (spec §7 Contracts): from a template, or the kind, period and
 * tiers written out; the server holds it within the kind's limit and refuses a non-top agent.
 */
export function OfferDialog({
  agent,
  onClose,
}: {
  agent: { id: number; username: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('agents');
  const id = useId();
  const templates = useQuery({ ...templatesQuery, enabled: agent !== null });
  const { errors, setErrors, error, busy, reset, run } = useFormAction(agentsKey);
  const [from, setFrom] = useState<'template' | 'custom'>('template');
  const [templateId, setTemplateId] = useState('');
  const [kind, setKind] = useState<ContractKind>('dividend');
  const [period, setPeriod] = useState<string>('weekly');
  const [tiers, setTiers] = useState<TierDraft[]>([{ minValidBet: '0', minActiveMembers: '0', ratePercent: '' }]);
  const close = () => {
    reset();
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!agent) return;
    const body =
      from === 'template'
        ? { agentId: agent.id, templateId: Number(templateId) }
        : { agentId: agent.id, kind, ...(kind === 'dividend' ? { period } : {}), tiers: tiersOf(tiers) };
    const checked = validate(AdminOfferBody, body);
    if (!checked.data) return setErrors(checked.errors);
    if (await run(() => offerContract(checked.data as AdminOfferBody))) close();
  };

  const usable = (templates.data ?? []).filter((x) => x.enabled);
  return (
    <Modal open={agent !== null} onClose={close} title={t('offer.title', { name: agent?.username ?? '' })}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="mb-3 flex gap-4 text-sm">
          <legend className="mb-1 font-medium">{t('offer.from')}</legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="from" checked={from === 'template'} onChange={() => setFrom('template')} />
            {t('offer.fromTemplate')}
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="from" checked={from === 'custom'} onChange={() => setFrom('custom')} />
            {t('offer.custom')}
          </label>
        </fieldset>
        {from === 'template' ? (
          <div className="mb-3 flex flex-col text-sm">
            <label htmlFor={`${id}-template`}>{t('fields.template')}</label>
            <select
              id={`${id}-template`}
              value={templateId}
              onChange={(e) => setTemplateId(e.target.value)}
              className={SELECT}
              aria-describedby={errors.templateId ? `${id}-template-error` : undefined}
            >
              <option value="">{t('offer.chooseTemplate')}</option>
              {usable.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name} · {t(`kinds.${x.kind}`)} · {formatRate(x.ratePpm)}
                </option>
              ))}
            </select>
            {errors.templateId && (
              <p id={`${id}-template-error`} className="mt-1 text-xs text-(--danger)">
                {errors.templateId}
              </p>
            )}
          </div>
        ) : (
          <>
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
                  <select
                    id={`${id}-period`}
                    value={period}
                    onChange={(e) => setPeriod(e.target.value)}
                    className={SELECT}
                  >
                    {DIVIDEND_PERIODS.map((p) => (
                      <option key={p} value={p}>
                        {t(`periods.${p}`)}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </div>
            <TiersEditor value={tiers} onChange={setTiers} error={errors.tiers} />
          </>
        )}
        <FormFooter error={error} busy={busy} onCancel={close} submitLabel={t('offer.send')} />
      </form>
    </Modal>
  );
}
