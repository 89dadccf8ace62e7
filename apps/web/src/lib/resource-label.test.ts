import type { Resource } from '@gamehall/shared/api/site';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { resourceLabel } from './resource-label';

const i18n = i18next.createInstance();
void i18n.init({
  resources: { en: { translation: en }, zh: { translation: zh }, xx: { translation: {} } },
  lng: 'en',
  fallbackLng: 'en',
  interpolation: { escapeValue: false, prefix: '{', suffix: '}' },
  initAsync: false,
});
const resource = (resourceType: string, labelNameEn: string): Resource => ({
  resourceType,
  name: resourceType.toLowerCase(),
  labelNameEn,
  url: 'https://example.com',
});

describe('resource labels (footer, side menu, home downloads)', () => {
  it('English shows the label as the brand configured it', () => {
    expect(resourceLabel(i18n.getFixedT('en'), 'en', resource('MESSAGING', 'Telegram support'))).toBe(
      'Telegram support',
    );
  });

  it('another language translates by resource type', () => {
    const t = i18n.getFixedT('zh');
    expect(resourceLabel(t, 'zh', resource('ANDROID', 'Web app for Android'))).toBe('Android 网页应用');
    expect(resourceLabel(t, 'zh', resource('messaging', 'Telegram support'))).toBe('联系我们');
  });

  it('keeps the English label for a type without a key, and for a language without the key', () => {
    expect(resourceLabel(i18n.getFixedT('zh'), 'zh', resource('FACEBOOK', 'Facebook'))).toBe('Facebook');
    expect(resourceLabel(i18n.getFixedT('xx'), 'xx', resource('IOS', 'Our iOS app'))).toBe('Our iOS app');
  });
});
