import type { RegisterFieldRule } from '@gamehall/shared/api/registration';
import type { TFunction } from 'i18next';

// What the registration forms (the site's sign-up modal, the agent's register centre) read from
// the brand's field rules (spec §5, GET /wps/system/setting/register).

/** The fields entered as passwords (hidden input, new-password autocomplete). */
export const PASSWORD_FIELDS = new Set(['password', 'confirmPassword', 'paymentPassword']);

/**
 * A field's hint in the reader's language (spec §5): by patternId, with the rule's bounds filled
 * in the way the server's hintFor does; the server's English hint when no key matches the pattern.
 */
export function ruleHint(t: TFunction, rule: RegisterFieldRule): string {
  const range = rule.minLength === rule.maxLength ? String(rule.minLength) : `${rule.minLength} - ${rule.maxLength}`;
  const key = rule.patternId === null ? 'length' : String(rule.patternId);
  return t(`register.hints.${key}`, { range, defaultValue: rule.hint });
}
