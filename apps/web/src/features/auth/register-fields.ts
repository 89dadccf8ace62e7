import type { RegisterFieldRule } from '@gamehall/shared/api/registration';

export type Kind = 'username' | 'mobile';

// Fields the form shows in this order when their rule is enabled (spec §5); the rest follow.
const ORDER = ['username', 'mobileNum', 'verificationCode', 'password', 'confirmPassword'];
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
  return mergeInvitationCodes(shown)
    .map((rule) => (kind === 'mobile' && rule.field === 'mobileNum' ? { ...rule, required: true } : rule))
    .sort((a, b) => rank(a.field) - rank(b.field));
}

// What a sign-up always asks when the tab uses it, whatever the rules call optional.
const ESSENTIAL = new Set(['username', 'password', 'confirmPassword']);
const INVITATION_FIELDS = new Set(['affiliateCode', 'referralCode']);

/**
 * What the sign-up form asks: of the fields a tab shows (visibleRules), only those the brand
 * requires, with the essentials of the tab (username and passwords; the mobile number and its code
 * on the mobile tab). Optional details are added later from the profile; the invitation code shows
 * when the visitor says they have one, or came with one (`withInvitation`). An optional number on
 * the username tab goes, and with it its SMS code.
 */
export function signUpRules(
  rules: RegisterFieldRule[],
  kind: Kind,
  flags: { mobileVerify: boolean; mobilePasswordReg: boolean },
  withInvitation: boolean,
): RegisterFieldRule[] {
  const shown = visibleRules(rules, kind, flags);
  const asked = shown.filter(
    (r) =>
      r.required ||
      ESSENTIAL.has(r.field) ||
      (kind === 'mobile' && r.field === 'mobileNum') ||
      (withInvitation && INVITATION_FIELDS.has(r.field)),
  );
  const hasMobile = asked.some((r) => r.field === 'mobileNum');
  return shown.filter(
    (r) => (asked.includes(r) && r.field !== 'verificationCode') || (r.field === 'verificationCode' && hasMobile),
  );
}

/** Whether the brand asks for an invitation code at all (the form then offers to enter one). */
export function offersInvitation(rules: RegisterFieldRule[]): boolean {
  return rules.some((r) => r.enabled && INVITATION_FIELDS.has(r.field));
}

/**
 * spec §3 knows two codes a newcomer may bring: an agent's affiliate code (the agent becomes the
 * upline) and a member's referral code (refer-a-friend). To the visitor both are "the code I was
 * given", so where both rules are on the form shows one field, the affiliate code's ("Invitation
 * code"): required when either rule requires a code, with room for either's length. On submit
 * (routeInvitationCode) the code goes as whichever of the two it is.
 */
function mergeInvitationCodes(shown: RegisterFieldRule[]): RegisterFieldRule[] {
  const affiliate = shown.find((r) => r.field === 'affiliateCode');
  const referral = shown.find((r) => r.field === 'referralCode');
  if (!affiliate || !referral) return shown;
  const merged: RegisterFieldRule = {
    ...affiliate,
    required: affiliate.required || referral.required,
    minLength: Math.min(affiliate.minLength, referral.minLength),
    maxLength: Math.max(affiliate.maxLength, referral.maxLength),
  };
  return shown.filter((r) => r !== referral).map((r) => (r === affiliate ? merged : r));
}

/** Whether the one invitation field stands for both codes (see mergeInvitationCodes). */
export function invitationTakesBoth(rules: RegisterFieldRule[]): boolean {
  return isEnabled(rules, 'affiliateCode') && isEnabled(rules, 'referralCode');
}

/**
 * The invitation code's place in the registration body: an affiliate code the server knows
 * (`isAffiliate`, POST /wps/agent/affiliate) stays affiliateCode; any other code, when the field
 * stands for both, goes as referralCode (the server checks it); otherwise it is invalid.
 */
export async function routeInvitationCode(
  values: Record<string, string>,
  takesBoth: boolean,
  isAffiliate: (code: string) => Promise<boolean>,
): Promise<Record<string, string> | 'invalid'> {
  const { affiliateCode: code, ...rest } = values;
  if (!code) return values;
  if (await isAffiliate(code)) return values;
  return takesBoth ? { ...rest, referralCode: code } : 'invalid';
}

function isEnabled(rules: RegisterFieldRule[], field: string) {
  return rules.some((r) => r.field === field && r.enabled);
}

/**
 * The server's field reasons split by where the form can show them: `onForm` by the name of a field
 * this tab shows (`names` maps a wire name to the form's, e.g. countryDialingCode to mobileNum),
 * `elsewhere` for fields it does not show. A reason set on a field the form never registered stays
 * in its errors and blocks every later submit, so those must be told in words instead.
 */
export function splitFieldReasons(
  fields: Record<string, string> | undefined,
  shown: ReadonlySet<string>,
  names: Readonly<Record<string, string>> = {},
): { onForm: Record<string, string>; elsewhere: Record<string, string> } {
  const onForm: Record<string, string> = {};
  const elsewhere: Record<string, string> = {};
  for (const [wire, reason] of Object.entries(fields ?? {})) {
    const name = names[wire] ?? wire;
    if (shown.has(name)) onForm[name] ??= reason;
    else elsewhere[wire] = reason;
  }
  return { onForm, elsewhere };
}
