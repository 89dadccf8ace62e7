import { describe, expect, it } from 'vitest';
import { activeTab, badgeText, tabBadges } from './shell-tabs';

describe('shell tabs', () => {
  it('lights the tab a page belongs to', () => {
    expect(activeTab('/')).toBe('home');
    expect(activeTab('/home')).toBe('home');
    expect(activeTab('/lobby')).toBe('games');
    expect(activeTab('/rng')).toBe('games');
    expect(activeTab('/jili')).toBe('games');
    expect(activeTab('/seamless')).toBe('games');
    expect(activeTab('/winners')).toBe('games');
    expect(activeTab('/promotions')).toBe('promotions');
    expect(activeTab('/promotions/12')).toBe('promotions');
    expect(activeTab('/pointMall')).toBe('promotions');
    expect(activeTab('/member/depositv2')).toBe('deposit');
    expect(activeTab('/member/securityCenter')).toBe('account');
    expect(activeTab('/member/messageV2/')).toBe('account');
  });

  it('lights none on pages outside the five', () => {
    for (const path of ['/help', '/down', '/agentHome', '/nowhere', '/rng/extra', '/memberx']) {
      expect(activeTab(path), path).toBeNull();
    }
  });

  it('counts what waits to be claimed on promotions and unread messages on the account', () => {
    expect(tabBadges(undefined)).toEqual({});
    expect(tabBadges({ availablePromoCount: 2, missionCount: 1, unreadMessage: 4 })).toEqual({
      promotions: 3,
      account: 4,
    });
    expect(tabBadges({ availablePromoCount: -1, missionCount: Number.NaN, unreadMessage: 0 })).toEqual({
      promotions: 0,
      account: 0,
    });
  });

  it('writes large counts as 99+', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});
