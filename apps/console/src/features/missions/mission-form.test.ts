import { MissionInput } from '@gamehall/shared/api/missions';
import { GAME_TYPES } from '@gamehall/shared/constants';
import { describe, expect, it } from 'vitest';
import { weightErrors } from '../../components/wagering-weights';
import type { Mission } from './api';
import { emptyMissionForm, missionFormOf, missionPayload } from './mission-form';

// The mission form's body (missions-page.tsx): a bonus's wagering carries the per-game-type weights
// the operator typed, an edited mission's weights come back into the form as they were saved, and
// weights out of 0-100 (or all zero) are refused before anything is sent.

const NOW = new Date('2026-11-24T02:00:00.000Z');

function bonusForm() {
  return {
    ...emptyMissionForm(),
    task: 'bet',
    target: '500',
    rewardKind: 'bonus',
    rewardAmount: '20',
    wageringMultiple: '5',
    wageringDays: '14',
    title: 'Bet 500',
  };
}

function savedMission(rewardWagering: Mission['rewardWagering']): Mission {
  return {
    ...(MissionInput.parse(missionPayload(bonusForm(), NOW)) as object),
    rewardWagering,
    id: 7,
    state: 'active',
    phase: 'running',
  } as unknown as Mission;
}

describe('mission form payload', () => {
  it('sends each game type’s weight (those differing from the rest) and the API schema accepts it', () => {
    const form = bonusForm();
    form.weights = { ...form.weights, LIVE: '10', SPORTS: '0', RNG: '100', FISH: ' 55 ' };
    expect(weightErrors(form.weights)).toEqual({});
    const body = missionPayload(form, NOW);
    expect(body.rewardWagering).toEqual({
      multiple: 5,
      base: 'bonus',
      contributions: { LIVE: 10, SPORTS: 0, FISH: 55 },
      otherPercent: 100,
      days: 14,
    });
    const parsed = MissionInput.safeParse(body);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    expect(parsed.data?.rewardWagering?.contributions).toEqual({ LIVE: 10, SPORTS: 0, FISH: 55 });
  });

  it('sends every game type at 100% as no contributions, and no wagering without a multiple or for cash', () => {
    expect(missionPayload(bonusForm(), NOW).rewardWagering).toMatchObject({ contributions: {}, otherPercent: 100 });
    const weighted = bonusForm();
    weighted.weights = { ...weighted.weights, LIVE: '5' };
    expect(missionPayload({ ...weighted, wageringMultiple: '' }, NOW).rewardWagering).toBeNull();
    expect(missionPayload({ ...weighted, rewardKind: 'cash' }, NOW).rewardWagering).toBeNull();
  });

  it('prefills the weights of an edited mission and sends them back unchanged', () => {
    const wagering = {
      multiple: 3,
      base: 'bonus' as const,
      contributions: { LIVE: 20, PVP: 100 },
      otherPercent: 50,
      days: 10,
    };
    const form = missionFormOf(savedMission(wagering));
    expect(form.weights.LIVE).toBe('20');
    expect(form.weights.PVP).toBe('100');
    // Game types without a contribution of their own show the rest's share.
    expect(form.weights.RNG).toBe('50');
    expect(form.otherPercent).toBe(50);
    expect(form.wageringMultiple).toBe('3');
    const again = missionPayload(form, NOW).rewardWagering;
    expect(again).toEqual({ ...wagering, contributions: { LIVE: 20, PVP: 100 } });

    const plain = missionFormOf(savedMission(null));
    expect(GAME_TYPES.map((g) => plain.weights[g])).toEqual(GAME_TYPES.map(() => '100'));
    expect(plain.wageringMultiple).toBe('');
  });
});
