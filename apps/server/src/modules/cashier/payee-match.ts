import type { PayeeMatch } from '@gamehall/shared/api/admin';
import { normaliseName } from '../kyc/kyc.service';

/**
 * A payee or depositor name against the member's verified (KYC) name, compared as KYC compares a new
 * binding's payee (without case, accents, punctuation or extra spaces). `unverified`: no verified name.
 */
export function payeeMatch(verifiedName: string | null, name: string): PayeeMatch {
  if (verifiedName === null) return 'unverified';
  return normaliseName(verifiedName) === normaliseName(name) ? 'match' : 'mismatch';
}
