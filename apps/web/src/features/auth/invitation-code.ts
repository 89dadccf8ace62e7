// spec §2 referral link: an agent's link opens /register?affiliateCode=<code> (the server's
// GET /wps/agent/referral builds it), and a visitor arriving by it registers under the agent. The
// code is kept for the tab's session, so it is still there when the visitor closes the register
// modal, looks around and opens it again from another page.

/** The query parameter of the referral link, and the session storage key the code is kept under. */
export const INVITATION_PARAM = 'affiliateCode';

/** A member's invite link (docs/referrals-tickets.md): /register?referralCode=<code>, the referral code field. */
export const REFERRAL_PARAM = 'referralCode';

type CodeStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The invitation code the visitor came with: the address's `?affiliateCode=` (kept in `store` for
 * later pages), else the one kept from an earlier page of this session, else ''.
 */
export function arrivalInvitationCode(search: string, store: CodeStore, param: string = INVITATION_PARAM): string {
  const fromAddress = new URLSearchParams(search).get(param)?.trim() ?? '';
  if (fromAddress) {
    store.setItem(param, fromAddress);
    return fromAddress;
  }
  return store.getItem(param)?.trim() ?? '';
}

/**
 * The value the invitation field is prefilled with when the form opens: the arrival code, unless
 * the field is not on the form or the visitor has already typed something there (it stays editable).
 */
export function invitationPrefill(code: string, fieldShown: boolean, current: string | undefined): string | null {
  if (!code || !fieldShown || current) return null;
  return code;
}

/** Session storage keys marking a link's visit as reported, one per code. */
const VISIT_KEY_PREFIX = 'affiliateVisit:';

/**
 * The code of an agent's link this page was opened by, the first time in this tab session (null
 * after that, or without a code): the register page reports the visit once (POST
 * /wps/agent/affiliate/click), and the server counts a visitor once per link per 24 hours anyway.
 */
export function visitToReport(search: string, store: CodeStore): string | null {
  const code = new URLSearchParams(search).get(INVITATION_PARAM)?.trim() ?? '';
  if (!code || code.length > 40) return null;
  const key = `${VISIT_KEY_PREFIX}${code.toUpperCase()}`;
  if (store.getItem(key)) return null;
  store.setItem(key, '1');
  return code;
}
