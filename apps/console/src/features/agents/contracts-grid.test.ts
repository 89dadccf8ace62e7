import { CONTRACT_END_REASONS } from '@gamehall/shared/api/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import agents from '../../locales/en/agents.json';
import { endReasonText } from './contracts-grid';

describe('contract end reasons', () => {
  it('reads the codes the contract rules write as sentences, and keeps a person’s own words', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { agents } }, defaultNS: 'agents' });
    const t = i18n.t.bind(i18n) as Parameters<typeof endReasonText>[0];
    for (const code of CONTRACT_END_REASONS) {
      const text = endReasonText(t, code);
      expect(text).not.toContain('_');
      expect(text).not.toBe(code);
    }
    expect(endReasonText(t, 'upline_rate_lowered')).toContain('lower rate');
    expect(endReasonText(t, 'Agent left the team')).toBe('Agent left the team');
    expect(endReasonText(t, null)).toBe('');
  });
});
