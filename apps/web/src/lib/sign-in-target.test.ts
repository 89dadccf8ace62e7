import { describe, expect, it } from 'vitest';
import { modalStore } from './modals';
import { askToSignIn, forgetSignInTarget, loginPathFor, safeReturnPath, takeSignInTarget } from './sign-in-target';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeReturnPath('/member/depositv2')).toBe('/member/depositv2');
    expect(safeReturnPath('/rng?vassalage=AG#top')).toBe('/rng?vassalage=AG#top');
  });

  it('refuses other hosts, schemes and the login pages', () => {
    for (const raw of [
      '//evil.test/x',
      '/\\evil.test',
      'https://evil.test/',
      'javascript:alert(1)',
      'member',
      '/login',
      '/register?x=1',
      '',
      null,
      undefined,
      `/${'a'.repeat(600)}`,
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
  });
});

describe('sign-in target', () => {
  it('sends the guard to /login with the page asked for', () => {
    expect(loginPathFor('/member/transactionHistory?page=2')).toBe(
      '/login?next=%2Fmember%2FtransactionHistory%3Fpage%3D2',
    );
    expect(loginPathFor('/')).toBe('/login');
  });

  it('leads to the page of the address, else home from /login, else nowhere', () => {
    expect(takeSignInTarget({ pathname: '/login', search: '?next=%2Fmember%2Fvip' })).toBe('/member/vip');
    expect(takeSignInTarget({ pathname: '/login', search: '?next=%2F%2Fevil.test' })).toBe('/');
    expect(takeSignInTarget({ pathname: '/register', search: '' })).toBe('/');
    expect(takeSignInTarget({ pathname: '/promotions', search: '' })).toBeNull();
  });

  it("puts a control's wish first, once, and forgets it when the modal closes", () => {
    askToSignIn('/member/depositv2');
    expect(modalStore.get()).toBe('login');
    expect(takeSignInTarget({ pathname: '/login', search: '?next=%2Fmember%2Fvip' })).toBe('/member/depositv2');
    expect(takeSignInTarget({ pathname: '/rng', search: '' })).toBeNull();
    askToSignIn('/member/depositv2');
    forgetSignInTarget();
    expect(takeSignInTarget({ pathname: '/rng', search: '' })).toBeNull();
  });
});
