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
