import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import { Field } from '@gamehall/ui/field';
import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DialingCodeSelect } from './dialing-code';
import { keypadForRule } from './keypad';
import { PasswordField } from './password-field';
import { PASSWORD_FIELDS, ruleHint } from './register-rules';

function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * One registration field drawn from the brand's rule (spec §5): its label, required mark and hint,
 * the length checks, "confirmation equals password", a password input for the password fields and
 * the dialing code before a mobile number. The site's sign-up modal and the agent's register
 * centre draw their fields with it; `suffix` goes after the input (the modal's send-code button).
 */
export function RegisterRuleField({
  rule,
  form,
  dialing,
  onDialing,
  suffix,
}: {
  rule: RegisterFieldRule;
  form: UseFormReturn<Record<string, string>>;
  dialing: string;
  onDialing: (code: string) => void;
  suffix?: ReactNode;
}) {
  const { t } = useTranslation();
  const hint = ruleHint(t, rule);
  const field = {
    label: t(`register.fields.${rule.field}`, { defaultValue: rule.field }),
    required: rule.required,
    hint,
    error: form.formState.errors[rule.field]?.message,
    ...form.register(rule.field, {
      required: rule.required ? t('validation.required') : false,
      minLength: rule.required || rule.minLength ? { value: rule.minLength, message: hint } : undefined,
      maxLength: { value: rule.maxLength, message: hint },
      validate:
        rule.field === 'confirmPassword'
          ? (v, all) => v === all.password || t('validation.confirmMismatch')
          : undefined,
    }),
  };
  if (PASSWORD_FIELDS.has(rule.field)) return <PasswordField purpose="new" {...field} />;
  // The birthday is picked from a calendar (yyyy-MM-dd, the pattern the rules use), never typed.
  if (rule.field === 'birthday') return <Field type="date" autoComplete="bday" max={todayIso()} {...field} />;
  return (
    <Field
      type={rule.field === 'email' ? 'email' : 'text'}
      autoComplete="off"
      {...keypadForRule(rule)}
      {...field}
      leading={rule.field === 'mobileNum' ? <DialingCodeSelect value={dialing} onChange={onDialing} /> : undefined}
      suffix={suffix}
    />
  );
}
