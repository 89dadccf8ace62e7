import { REGISTRATION_RULE_FIELDS, type RegistrationRuleField } from '@gamehall/shared/api/registration';
import { checkField, type FieldRule } from '@gamehall/shared/patterns';

export type FieldReason = 'REQUIRED' | 'TOO_SHORT' | 'TOO_LONG' | 'PATTERN' | 'MISMATCH' | 'NOT_ALLOWED';
export type RuleSet = Map<string, FieldRule>;

// A field without a row in register_field_rules is not offered by the form (the client shows only
// enabled fields), so the server does not accept it either, unless the flavour forces it on below.
const ABSENT: FieldRule = {
  enabled: false,
  required: false,
  minLength: 0,
  maxLength: 200,
  patternId: null,
  acceptedPattern: '*',
};

export type Flavour = {
  /** 'username' for /wps/member/register, 'mobile' for /wps/member/register/mobile. */
  kind: 'username' | 'mobile';
  /** The member chooses a password (always for username sign-up; MOBILENUMPASSREG3 for mobile). */
  passwordApplies: boolean;
  /** An SMS code must be spent (REGMOBVERF3 with a mobile number). */
  smsApplies: boolean;
};

/**
 * The rule each field is held to for this registration: the configured rule, with what the flavour
 * and the switches force (spec §5: username and password required with rules for username sign-up;
 * mobile required and username optional for mobile sign-up; SMS code required when enabled).
 */
export function effectiveRules(rules: RuleSet, flavour: Flavour): Record<RegistrationRuleField, FieldRule> {
  const out = {} as Record<RegistrationRuleField, FieldRule>;
  for (const field of REGISTRATION_RULE_FIELDS) out[field] = rules.get(field) ?? ABSENT;
  const force = (field: RegistrationRuleField, required: boolean) => {
    out[field] = { ...out[field], enabled: true, required };
  };
  if (flavour.kind === 'username') force('username', true);
  if (flavour.kind === 'mobile') {
    force('mobileNum', true);
    // spec §5: the mobile tab does not ask for a username; without one the account gets a username
    // made from the number (registration.service generatedUsername), and one given is still checked.
    out.username = { ...out.username, enabled: true, required: false };
  }
  if (flavour.passwordApplies) {
    force('password', true);
    force('confirmPassword', true);
  } else {
    out.password = { ...out.password, enabled: false };
    out.confirmPassword = { ...out.confirmPassword, enabled: false };
  }
  if (flavour.smsApplies) force('verificationCode', true);
  return out;
}

/**
 * Checks every rule field of a payload; returns the failing fields with their reason (empty when
 * all pass). A disabled field must be absent or empty (NOT_ALLOWED).
 */
export function checkFields(
  values: Partial<Record<RegistrationRuleField, string | undefined>>,
  rules: Record<RegistrationRuleField, FieldRule>,
): Partial<Record<RegistrationRuleField, FieldReason>> {
  const failures: Partial<Record<RegistrationRuleField, FieldReason>> = {};
  for (const field of REGISTRATION_RULE_FIELDS) {
    const rule = rules[field];
    const value = values[field];
    if (!rule.enabled) {
      if (value !== undefined && value !== '') failures[field] = 'NOT_ALLOWED';
      continue;
    }
    const reason = checkField(value, rule);
    if (reason) failures[field] = reason;
  }
  return failures;
}
