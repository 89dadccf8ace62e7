import { describe, expect, it } from 'vitest';
import {
  arrivalInvitationCode,
  INVITATION_PARAM,
  invitationPrefill,
  REFERRAL_PARAM,
  visitToReport,
} from './invitation-code';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe('the referral link code (spec §2 referral link)', () => {
  it('reads ?affiliateCode= from the address the referral link opens, and keeps it', () => {
    const store = memoryStore();
    expect(arrivalInvitationCode('?affiliateCode=AGENT01', store)).toBe('AGENT01');
    expect(store.values.get(INVITATION_PARAM)).toBe('AGENT01');
  });

  it('keeps the code when the visitor moves on to a page without it', () => {
    const store = memoryStore();
    arrivalInvitationCode('?affiliateCode=K7P2QX9M', store);
    expect(arrivalInvitationCode('', store)).toBe('K7P2QX9M');
    expect(arrivalInvitationCode('?lang=en', store)).toBe('K7P2QX9M');
  });

  it('takes a newer link over the kept code, and ignores an empty parameter', () => {
    const store = memoryStore();
    arrivalInvitationCode('?affiliateCode=FIRST1', store);
    expect(arrivalInvitationCode('?affiliateCode=SECOND2', store)).toBe('SECOND2');
    expect(arrivalInvitationCode('?affiliateCode=%20%20', store)).toBe('SECOND2');
  });

  it('decodes the parameter as the server encoded it, trimmed', () => {
    expect(arrivalInvitationCode('?x=1&affiliateCode=%20AB12%20', memoryStore())).toBe('AB12');
  });

  it('has no code without a link', () => {
    expect(arrivalInvitationCode('', memoryStore())).toBe('');
  });
});

describe('prefilling the invitation field', () => {
  it('fills the shown, empty field with the code', () => {
    expect(invitationPrefill('AGENT01', true, undefined)).toBe('AGENT01');
    expect(invitationPrefill('AGENT01', true, '')).toBe('AGENT01');
  });

  it('leaves what the visitor typed, a hidden field, and a visit without a code alone', () => {
    expect(invitationPrefill('AGENT01', true, 'MYOWN')).toBeNull();
    expect(invitationPrefill('AGENT01', false, undefined)).toBeNull();
    expect(invitationPrefill('', true, undefined)).toBeNull();
  });

  it("reads a member's ?referralCode= apart from an agent's code", () => {
    const store = memoryStore();
    expect(arrivalInvitationCode('?referralCode=FRIEND22', store, REFERRAL_PARAM)).toBe('FRIEND22');
    expect(arrivalInvitationCode('?referralCode=FRIEND22', store)).toBe('');
    expect(store.values.get(REFERRAL_PARAM)).toBe('FRIEND22');
    expect(arrivalInvitationCode('', store, REFERRAL_PARAM)).toBe('FRIEND22');
  });
});

describe('the visit of a referral link (docs/agents.md "Referral link")', () => {
  it('reports a code once per tab session, in any case, and nothing without one', () => {
    const store = memoryStore();
    expect(visitToReport('?affiliateCode=K7P2QX9M', store)).toBe('K7P2QX9M');
    expect(visitToReport('?affiliateCode=K7P2QX9M', store)).toBeNull();
    expect(visitToReport('?affiliateCode=k7p2qx9m', store)).toBeNull();
    expect(visitToReport('?affiliateCode=OTHER234', store)).toBe('OTHER234');
    expect(visitToReport('', store)).toBeNull();
    expect(visitToReport('?affiliateCode=%20', store)).toBeNull();
    expect(visitToReport(`?affiliateCode=${'A'.repeat(41)}`, store)).toBeNull();
  });
});
