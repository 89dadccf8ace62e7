import type { RegisterFieldRule } from '@gamehall/shared/api/registration';

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
