import { type Downline, DownlineCreateBody } from '@gamehall/shared/api/agents';
import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDialingCode } from '../../components/dialing-code';
import { FormFooter } from '../../components/form-footer';
import { RegisterRuleField } from '../../components/register-rule-field';
import { showSubmitError } from '../../lib/form-messages';
import { registerRulesQuery } from '../../lib/site-queries';
import { createDownline } from './api';
import { AgentTitle } from './components';

type Values = Record<string, string>;

/** The registration fields an agent fills for a downline (the visitor-only ones do not apply). */
const DOWNLINE_FIELDS = new Set(Object.keys(DownlineCreateBody.shape));
// The account itself always needs a name and a password, whatever the brand's rules say of the rest.
const ALWAYS = new Set(['username', 'password', 'confirmPassword']);
const ORDER = ['username', 'password', 'confirmPassword', 'mobileNum'];

/** spec §5: the brand's rules, the fields a downline account takes, the account fields first. */
function downlineRules(rules: RegisterFieldRule[]): RegisterFieldRule[] {
  const rank = (f: string) => (ORDER.includes(f) ? ORDER.indexOf(f) : ORDER.length);
  return rules
    .filter((r) => DOWNLINE_FIELDS.has(r.field) && (r.enabled || ALWAYS.has(r.field)))
    .map((r) => (ALWAYS.has(r.field) ? { ...r, required: true } : r))
    .sort((a, b) => rank(a.field) - rank(b.field));
}

/**
 * spec §2 register centre: the agent opens a downline account under itself, held to the brand's
 * registration rules (GET /wps/system/setting/register, as the site's sign-up form shows them).
 */
export function RegisterCentrePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const rules = downlineRules(useQuery(registerRulesQuery).data ?? []);
  const [dialing, setDialing] = useDialingCode();
  const [created, setCreated] = useState<Downline | null>(null);
  const form = useForm<Values>({ mode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    const entered = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined));
    try {
      const downline = await createDownline({
        ...entered,
        ...(entered.mobileNum ? { countryDialingCode: dialing } : {}),
      });
      setCreated(downline);
      toast.success(t('agent.register.done', { username: downline.username }));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ['agent'] });
    } catch (err) {
      showSubmitError(form.setError, t, err, { countryDialingCode: 'mobileNum' });
    }
  });
  return (
    <div>
      <AgentTitle>{t('agent.menu.registerCentre')}</AgentTitle>
      <p className="mb-4 text-sm text-(--text-muted)">{t('agent.register.intro')}</p>
      <form onSubmit={submit} noValidate className="max-w-md" data-testid="register-centre">
        {rules.map((rule) => (
          <RegisterRuleField key={rule.field} rule={rule} form={form} dialing={dialing} onDialing={setDialing} />
        ))}
        <Field
          label={t('agent.register.nickname')}
          autoComplete="off"
          maxLength={30}
          error={errors.nickname?.message}
          {...form.register('nickname')}
        />
        <FormFooter
          error={errors.root?.message ?? ''}
          busy={isSubmitting}
          secondary={
            <Button variant="secondary" onClick={() => form.reset()}>
              {t('common.reset')}
            </Button>
          }
        >
          {isSubmitting ? t('common.loading') : t('agent.register.submit')}
        </FormFooter>
      </form>
      {created && (
        <p role="status" className="mt-4 text-sm" data-testid="register-result">
          {t('agent.register.done', { username: created.username })}
        </p>
      )}
    </div>
  );
}
