import { PromotionInput } from '@gamehall/shared/api/rewards';
import { GAME_TYPES } from '@gamehall/shared/constants';
import { describe, expect, it } from 'vitest';
import { weightErrors } from '../../components/wagering-weights';
import type { Promotion } from './api';
import { emptyPromotionForm, promotionFormOf, promotionPayload } from './promotion-form';

// The promotion form's body (promotions-page.tsx): a bonus's wagering carries the per-game-type
// weights the operator typed, an edited promotion comes back into the form as it was saved, and the
// shared schema the API checks accepts what the form sends.

const NOW = new Date('2026-11-24T03:00:00.000Z');

function bonusForm() {
  return {
    ...emptyPromotionForm(),
    texts: { en: { title: 'Welcome match', summary: '', rules: '' } },
    percent: '50',
    cap: '200',
    minDeposit: '10',
    multiple: '8',
    base: 'bonus_deposit',
    days: '21',
  };
}

function saved(body: ReturnType<typeof promotionPayload>): Promotion {
  const input = PromotionInput.parse(body);
  return { ...input, id: 3, state: 'draft', phase: 'draft', createdAt: NOW.toISOString() } as unknown as Promotion;
}

describe('promotion form payload', () => {
  it('sends each game type’s weight (those differing from the rest) and the API schema accepts it', () => {
    const form = bonusForm();
    form.weights = { ...form.weights, LIVE: '10', SPORTS: '0', FISH: ' 55 ' };
    expect(weightErrors(form.weights)).toEqual({});
    const body = promotionPayload(form, NOW);
    expect(body.rules.wagering).toEqual({
      multiple: 8,
      base: 'bonus_deposit',
      contributions: { LIVE: 10, SPORTS: 0, FISH: 55 },
      otherPercent: 100,
      days: 21,
    });
    const parsed = PromotionInput.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.rules.wagering?.contributions).toEqual({ LIVE: 10, SPORTS: 0, FISH: 55 });
  });

  it('sends every game type at 100% as no contributions, and no wagering for cash or tickets', () => {
    expect(promotionPayload(bonusForm(), NOW).rules.wagering).toMatchObject({ contributions: {}, otherPercent: 100 });
    const weighted = bonusForm();
    weighted.weights = { ...weighted.weights, LIVE: '5' };
    expect(promotionPayload({ ...weighted, payAs: 'cash' }, NOW).rules.wagering).toBeUndefined();
    const tickets = promotionPayload(
      { ...weighted, kind: 'fixed', trigger: 'login', payAs: 'ticket', ticketKindId: '4', amount: '2' },
      NOW,
    );
    expect(tickets.rules.wagering).toBeUndefined();
    expect(PromotionInput.safeParse(tickets).success).toBe(true);
  });

  it('prefills an edited promotion, its weights included, and sends it back unchanged', () => {
    const first = bonusForm();
    first.weights = { ...first.weights, LIVE: '20', PVP: '100' };
    const body = promotionPayload({ ...first, otherPercent: 50, sort: 4 }, NOW);
    // The rest's share is 50 %: game types left at 100 % are sent as contributions of their own.
    expect(body.rules.wagering?.contributions).toMatchObject({ LIVE: 20, PVP: 100 });
    const form = promotionFormOf(saved(body));
    expect(form.weights.LIVE).toBe('20');
    expect(form.weights.PVP).toBe('100');
    expect(form.otherPercent).toBe(50);
    expect(form.multiple).toBe('8');
    expect(form.base).toBe('bonus_deposit');
    expect(form.percent).toBe('50');
    expect(form.cap).toBe('200');
    expect(form.sort).toBe(4);
    expect(PromotionInput.parse(promotionPayload(form, NOW))).toEqual(PromotionInput.parse(body));

    const plain = promotionFormOf(saved(promotionPayload({ ...bonusForm(), payAs: 'cash' }, NOW)));
    expect(GAME_TYPES.map((g) => plain.weights[g])).toEqual(GAME_TYPES.map(() => '100'));
    expect(plain.payAs).toBe('cash');
  });

  it('keeps a ranking promotion’s prizes and counted game types when edited', () => {
    const body = promotionPayload(
      {
        ...bonusForm(),
        kind: 'ranking',
        trigger: 'none',
        payAs: 'cash',
        prizes: '1000, 500',
        rankingGameTypes: ['RNG'],
      },
      NOW,
    );
    const form = promotionFormOf(saved(body));
    expect(form.prizes).toBe('1000, 500');
    expect(promotionPayload(form, NOW).rules.ranking).toEqual({ prizes: [1000, 500], gameTypes: ['RNG'] });
  });
});

describe('promotion form: audience, caps, max bet and texts', () => {
  it('sends the lists typed, the caps and the max bet, drops languages left empty, and reads them back', () => {
    const form = {
      ...bonusForm(),
      texts: {
        en: { title: 'Welcome match', summary: '', rules: '' },
        ty: { title: '', summary: '', rules: '' },
      },
      vipLevels: '2, 3',
      tags: 'whale  new',
      agentIds: '41',
      countries: 'ph, vn',
      budget: '5000',
      claimsCap: '100',
      claimsPerMember: '',
      maxBet: '25',
    };
    const body = promotionPayload(form, NOW);
    expect(Object.keys(body.texts)).toEqual(['en']);
    expect(body.rules.audience).toEqual({
      vipLevels: [2, 3],
      tags: ['whale', 'new'],
      agentIds: [41],
      countries: ['PH', 'VN'],
      registeredFrom: undefined,
      registeredTo: undefined,
    });
    expect(body.rules.caps).toEqual({ budget: 5000, claims: 100, claimsPerMember: undefined });
    expect(body.rules.maxBet).toBe(25);
    const back = promotionFormOf(saved(body));
    expect([back.vipLevels, back.tags, back.countries, back.budget, back.claimsCap, back.maxBet]).toEqual([
      '2, 3',
      'whale, new',
      'PH, VN',
      '5000',
      '100',
      '25',
    ]);
  });

  it('sends no audience and no caps when none are typed', () => {
    const body = promotionPayload(bonusForm(), NOW);
    expect(body.rules.audience).toBeUndefined();
    expect(body.rules.caps).toBeUndefined();
  });
});
