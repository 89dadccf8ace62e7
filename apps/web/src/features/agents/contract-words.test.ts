import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CONTRACT_END_REASONS,
  CONTRACT_KINDS,
  Contract,
  ContractPeriod,
  ContractStatus,
  StatementStatus,
} from '@gamehall/shared/api/contracts';
import { describe, expect, it } from 'vitest';
import { cascadeTitleKey, END_REASON_KEYS, ENDED_BY_KEYS, endWords } from './contract-words';
import { AGENT_MENU, visibleAgentMenu } from './menu';

// No contract code (`upline_rate_lowered`, an ended_by, a status) reaches the screen.
// Every code the API can send has a sentence in every locale, and endWords turns codes into keys.
const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../locales');
type Tree = { [key: string]: string | Tree };
const locales = readdirSync(localesDir)
  .filter((f) => f.endsWith('.json'))
  .map((f) => ({ file: f, tree: JSON.parse(readFileSync(path.join(localesDir, f), 'utf8')) as Tree }));
const lookup = (tree: Tree, key: string) =>
  key.split('.').reduce<Tree | string | undefined>((t, p) => (typeof t === 'object' ? t[p] : undefined), tree);

const endedBy = Contract.shape.endedBy.unwrap().options;
/** Every key the pages build from a code. */
const codeKeys = [
  ...ContractStatus.options.map((s) => `contracts.status.${s}`),
  ...StatementStatus.options.map((s) => `contracts.statementStatus.${s}`),
  ...ContractPeriod.options.map((p) => `contracts.periods.${p}`),
  ...CONTRACT_KINDS.map((k) => `contracts.kinds.${k}`),
  ...endedBy.map((b) => ENDED_BY_KEYS[b]),
  ...CONTRACT_END_REASONS.map((r) => END_REASON_KEYS[r]),
  'contracts.popup.cascadeTitleRate',
  'contracts.popup.cascadeTitlePeriod',
  'contracts.popup.cascadeTitleBoth',
];

describe('contract codes as words', () => {
  it('maps every end reason and every ended_by to its own key', () => {
    expect(Object.keys(END_REASON_KEYS).sort()).toEqual([...CONTRACT_END_REASONS].sort());
    expect(Object.keys(ENDED_BY_KEYS).sort()).toEqual([...endedBy].sort());
  });

  it.each(locales.map((l) => [l.file, l.tree] as const))('%s has a sentence for every code', (_file, tree) => {
    for (const key of codeKeys) {
      const text = lookup(tree, key);
      expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      // The words are not the code itself.
      expect(text, key).not.toBe(key.split('.').at(-1));
    }
  });

  it('says how a contract ended without its codes', () => {
    expect(endWords({ endedBy: 'system', endReason: 'upline_rate_lowered' })).toEqual([
      { key: 'contracts.endReasons.upline_rate_lowered' },
    ]);
    expect(endWords({ endedBy: 'holder', endReason: 'rejected' })).toEqual([{ key: 'contracts.endReasons.rejected' }]);
    expect(endWords({ endedBy: 'operator', endReason: 'Audit finding' })).toEqual([
      { key: 'contracts.endedBy.operator' },
      { key: 'contracts.reasonGiven', values: { reason: 'Audit finding' } },
    ]);
    expect(endWords({ endedBy: 'upline', endReason: null })).toEqual([{ key: 'contracts.endedBy.upline' }]);
    expect(endWords({ endedBy: null, endReason: null })).toEqual([]);
  });

  it('the English popup and reasons read as sentences', () => {
    const en = locales.find((l) => l.file === 'en.json')?.tree as Tree;
    expect(lookup(en, 'contracts.popup.offer')).toBe('{from} offers you a contract: {kind}');
    expect(lookup(en, 'contracts.endReasons.upline_rate_lowered')).not.toMatch(/_/);
  });

  it('shows "My contracts" to every agent', () => {
    expect(AGENT_MENU.map((e) => e.name)).toContain('myContracts');
    expect(visibleAgentMenu(new Set()).map((e) => e.name)).toContain('myContracts');
  });
  it('heads the cascade preview with why its first level ends', () => {
    const rate = { reason: 'upline_rate_lowered' as const };
    const period = { reason: 'upline_period_changed' as const };
    const under = { reason: 'upline_contract_ended' as const };
    expect(cascadeTitleKey([rate, under])).toBe('contracts.popup.cascadeTitleRate');
    expect(cascadeTitleKey([period, under])).toBe('contracts.popup.cascadeTitlePeriod');
    expect(cascadeTitleKey([rate, period, under])).toBe('contracts.popup.cascadeTitleBoth');
  });
});
