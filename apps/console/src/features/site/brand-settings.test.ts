import { describe, expect, it } from 'vitest';
import { formSchema, fromDraft, specOf, toDraft } from './brand-settings';

describe('brand settings form', () => {
  const ngr = specOf('agentNgr', {});
  const value = {
    bonus: true,
    rebate: false,
    mission: true,
    ticket: true,
    referral: true,
    vip: true,
    points: true,
    manual: true,
    providerFeePpm: { PG: 150000, JILI: 0 },
    paymentFeePpm: 20000,
  };

  it("edits the dividend base's switches and fees in the agents group, the vendor fees one a line", () => {
    expect(ngr.group).toBe('agents');
    const draft = toDraft(ngr, value) as Record<string, string | boolean>;
    expect(draft).toMatchObject({ rebate: false, providerFeePpm: 'PG 150000\nJILI 0', paymentFeePpm: '20000' });
    const back = fromDraft(ngr, { ...draft, providerFeePpm: '  PG 150000\n\nJILI   0  ' });
    expect(back).toEqual(value);
    expect(formSchema(ngr).safeParse(back).success).toBe(true);
  });

  it('refuses a fee above a million parts, a line without a number and a bad vendor code', () => {
    const draft = toDraft(ngr, value) as Record<string, string | boolean>;
    for (const bad of ['PG 1000001', 'PG', 'PG 1.5', 'P G! 10']) {
      const parsed = formSchema(ngr).safeParse(fromDraft(ngr, { ...draft, providerFeePpm: bad }));
      expect(parsed.success, bad).toBe(false);
      expect(parsed.error?.issues[0]?.path[0]).toBe('providerFeePpm');
    }
    const fee = formSchema(ngr).safeParse(fromDraft(ngr, { ...draft, paymentFeePpm: '2000000' }));
    expect(fee.error?.issues[0]?.path[0]).toBe('paymentFeePpm');
  });

  it('shows and takes the adjustment approval threshold in money, stored in minor units', () => {
    const threshold = specOf('adjustmentApprovalThreshold', 100_000);
    expect(toDraft(threshold, 100_000)).toBe('1000');
    expect(fromDraft(threshold, '2,500.50')).toBe(250_050);
    expect(formSchema(threshold).safeParse({ value: fromDraft(threshold, '2500.5') }).success).toBe(true);
    for (const bad of ['1.005', 'ten', '-5'])
      expect(formSchema(threshold).safeParse({ value: fromDraft(threshold, bad) }).success).toBe(false);
  });
});
