import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import type { TFunction } from 'i18next';

export type Kind = 'username' | 'mobile';

// Fields the form shows in this order when their rule is enabled (spec §5); the rest follow.
const ORDER = ['username', 'mobileNum', 'verificationCode', 'password', 'confirmPassword'];
export const PASSWORD_FIELDS = new Set(['password', 'confirmPassword', 'paymentPassword']);
const HANDLED_APART = new Set(['captcha']);

/** Which rules a tab shows (spec §5: "show only if enabled"; mobile sign-up needs the number). */
export function visibleRules(
  rules: RegisterFieldRule[],
  kind: Kind,
  flags: { mobileVerify: boolean; mobilePasswordReg: boolean },
): RegisterFieldRule[] {
  const shown = rules.filter((rule) => {
    if (HANDLED_APART.has(rule.field)) return false;
    if (rule.field === 'verificationCode')
      return flags.mobileVerify && (kind === 'mobile' || isEnabled(rules, 'mobileNum'));
    if (kind === 'mobile') {
      if (rule.field === 'username') return false;
      if (rule.field === 'mobileNum') return true;
      if (rule.field === 'password' || rule.field === 'confirmPassword') return flags.mobilePasswordReg;
    }
    return rule.enabled;
  });
  const rank = (f: string) => (ORDER.includes(f) ? ORDER.indexOf(f) : ORDER.length);
  return shown
    .map((rule) => (kind === 'mobile' && rule.field === 'mobileNum' ? { ...rule, required: true } : rule))
    .sort((a, b) => rank(a.field) - rank(b.field));
}

function isEnabled(rules: RegisterFieldRule[], field: string) {
  return rules.some((r) => r.field === field && r.enabled);
}

/**
 * A field's hint in the reader's language (spec §5): by patternId, with the rule's bounds filled
 * in the way the server's hintFor does; the server's English hint when no key matches the pattern.
 */
export function ruleHint(t: TFunction, rule: RegisterFieldRule): string {
  const range = rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength} - ${rule.maxLength}`;
  const key = rule.patternId === null ? 'length' : String(rule.patternId);
  return t(`register.hints.${key}`, { range, defaultValue: rule.hint });
}
