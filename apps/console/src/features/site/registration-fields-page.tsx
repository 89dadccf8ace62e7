import { type AdminRegisterFieldRule, AdminRegisterFieldRuleBody } from '@gamehall/shared/api/admin-content';
import { hintFor } from '@gamehall/shared/patterns';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { useFormAction } from '../../lib/use-form-action';
import { fieldRulesKey, fieldRulesQuery, saveFieldRule } from './api';
import { Switch } from './switch';

// The registration form's field rules (the player site reads them at /wps/system/setting/register):
// whether a field shows, whether it is required, its length bounds, its pattern and an extra regex.

const PATTERN_IDS = Array.from({ length: 18 }, (_, i) => i + 1);

const INPUT =
  'w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

type FormValues = {
  enabled: boolean;
  required: boolean;
  minLength: string;
  maxLength: string;
  patternId: string;
  acceptedPattern: string;
  sort: string;
};

function toForm(r: AdminRegisterFieldRule): FormValues {
  return {
    enabled: r.enabled,
    required: r.required,
    minLength: String(r.minLength),
    maxLength: String(r.maxLength),
    patternId: r.patternId === null ? '' : String(r.patternId),
    acceptedPattern: r.acceptedPattern,
    sort: String(r.sort),
  };
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

function toBody(v: FormValues) {
  return {
    enabled: v.enabled,
    required: v.required,
    minLength: num(v.minLength),
    maxLength: num(v.maxLength),
    patternId: v.patternId === '' ? null : Number(v.patternId),
    acceptedPattern: v.acceptedPattern.trim() === '' ? '*' : v.acceptedPattern,
    sort: num(v.sort),
  };
}

function RuleDialog({ rule, onClose }: { rule: AdminRegisterFieldRule | null; onClose: () => void }) {
  const { t } = useTranslation('site');
  const patternId = useId();
  const [values, setValues] = useState<FormValues | null>(null);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(fieldRulesKey);
  const current = values ?? (rule ? toForm(rule) : null);
  const close = () => {
    setValues(null);
    reset();
    onClose();
  };
  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) =>
    current && setValues({ ...current, [name]: value });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!rule || !current) return;
    const checked = validate(AdminRegisterFieldRuleBody, toBody(current));
    setErrors(checked.errors);
    const body = checked.data;
    if (!body) return;
    if (await run(() => saveFieldRule(rule.field, body))) close();
  };
  const min = Number(current?.minLength) || 0;
  const max = Number(current?.maxLength) || 0;
  return (
    <Modal open={rule !== null} onClose={close} title={t('fieldRules.editTitle', { field: rule?.field ?? '' })}>
      {current && (
        <form onSubmit={submit} noValidate>
          <div className="mb-3 flex items-center gap-3">
            <Switch
              label={t('fieldRules.fields.enabled')}
              checked={current.enabled}
              onChange={(v) => set('enabled', v)}
            />
            <span className="text-sm font-medium" aria-hidden>
              {t('fieldRules.fields.enabled')}
            </span>
          </div>
          <div className="mb-3 flex flex-wrap items-center gap-3">
            <Switch
              label={t('fieldRules.fields.required')}
              checked={current.required}
              onChange={(v) => set('required', v)}
            />
            <span className="text-sm font-medium" aria-hidden>
              {t('fieldRules.fields.required')}
            </span>
            {errors.required && (
              <span role="alert" className="text-xs text-(--danger)">
                {t('fieldRules.requiredNeedsEnabled')}
              </span>
            )}
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Field
              label={t('fieldRules.fields.minLength')}
              name="minLength"
              type="number"
              required
              value={current.minLength}
              error={errors.minLength}
              onChange={(e) => set('minLength', e.target.value)}
            />
            <Field
              label={t('fieldRules.fields.maxLength')}
              name="maxLength"
              type="number"
              required
              value={current.maxLength}
              error={errors.maxLength}
              onChange={(e) => set('maxLength', e.target.value)}
            />
          </div>
          <div className="mb-3">
            <label htmlFor={patternId} className="mb-1 block text-sm font-medium">
              {t('fieldRules.fields.patternId')}
            </label>
            <select
              id={patternId}
              name="patternId"
              value={current.patternId}
              aria-invalid={Boolean(errors.patternId)}
              onChange={(e) => set('patternId', e.target.value)}
              className={INPUT}
            >
              <option value="">{t('fieldRules.noPattern')}</option>
              {PATTERN_IDS.map((id) => (
                <option key={id} value={String(id)}>
                  {id}: {hintFor(id, min, max)}
                </option>
              ))}
            </select>
            {errors.patternId && (
              <p role="alert" className="mt-1 text-xs text-(--danger)">
                {errors.patternId}
              </p>
            )}
          </div>
          <Field
            label={t('fieldRules.fields.acceptedPattern')}
            name="acceptedPattern"
            value={current.acceptedPattern}
            error={errors.acceptedPattern}
            hint={t('fieldRules.hints.acceptedPattern')}
            spellCheck={false}
            onChange={(e) => set('acceptedPattern', e.target.value)}
          />
          <Field
            label={t('fieldRules.fields.sort')}
            name="sort"
            type="number"
            value={current.sort}
            error={errors.sort}
            onChange={(e) => set('sort', e.target.value)}
          />
          <FormFooter error={error} busy={busy} onCancel={close} />
        </form>
      )}
    </Modal>
  );
}

export function RegistrationFieldsPage() {
  const { t } = useTranslation('site');
  const rules = useQuery(fieldRulesQuery);
  const [editing, setEditing] = useState<AdminRegisterFieldRule | null>(null);
  const list = rules.data ?? [];
  return (
    <div>
      <PageHeader title={t('fieldRules.title')} description={t('fieldRules.description')} />
      {rules.error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {errorMessage(rules.error)}
        </p>
      )}
      <PlainTable
        collapse
        caption={t('fieldRules.title')}
        columns={[
          { label: t('fieldRules.fields.field') },
          { label: t('fieldRules.fields.state') },
          { label: t('fieldRules.fields.length'), numeric: true },
          { label: t('fieldRules.fields.patternId') },
          { label: t('fieldRules.fields.acceptedPattern') },
          { label: t('fieldRules.fields.sort'), numeric: true },
          { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {rules.isPending && (
          <tr>
            <td colSpan={7} className="px-3 py-4 text-(--text-muted)">
              {t('common.loading', { ns: 'core' })}
            </td>
          </tr>
        )}
        {list.map((r) => (
          <tr key={r.field} data-field={r.field} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 font-mono">{r.field}</td>
            <td className="px-3 py-2">
              {!r.enabled ? (
                <StatusBadge label={t('fieldRules.state.hidden')} tone="muted" />
              ) : r.required ? (
                <StatusBadge label={t('fieldRules.state.required')} tone="success" />
              ) : (
                <StatusBadge label={t('fieldRules.state.optional')} tone="warning" />
              )}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">
              {r.minLength}–{r.maxLength}
            </td>
            <td className="px-3 py-2">{r.patternId ?? t('fieldRules.noPattern')}</td>
            <td className="max-w-[12rem] truncate px-3 py-2 font-mono" title={r.acceptedPattern}>
              {r.acceptedPattern}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{r.sort}</td>
            <td className="px-3 py-2">
              <Button
                variant="ghost"
                className="px-2 py-1 text-xs"
                aria-label={t('fieldRules.edit', { field: r.field })}
                onClick={() => setEditing(r)}
              >
                {t('common.edit', { ns: 'core' })}
              </Button>
            </td>
          </tr>
        ))}
      </PlainTable>
      <RuleDialog rule={editing} onClose={() => setEditing(null)} />
    </div>
  );
}
