import { describe, expect, it } from 'vitest';
import { parseDraft, type Row, specOf, toDraft } from './brand-settings';

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
    manualCorrection: true,
    manualGoodwill: false,
    providerFeePpm: { PG: 150000, JILI: 0 },
    paymentFeePpm: 20000,
  };

  it("edits the dividend base's switches and fees in the agents group, the vendor fees as rows", () => {
    expect(ngr.group).toBe('agents');
    const draft = toDraft(ngr, value) as Record<string, unknown>;
    expect(draft).toMatchObject({
      rebate: false,
      providerFeePpm: [
        { vendor: 'PG', ppm: '150000' },
        { vendor: 'JILI', ppm: '0' },
      ],
      paymentFeePpm: '20000',
    });
    const back = parseDraft(ngr, {
      ...(draft as object),
      providerFeePpm: [
        { vendor: ' PG ', ppm: ' 150000' },
        { vendor: 'JILI', ppm: '0' },
      ],
    } as never);
    expect(back).toEqual({ value, problems: {} });
  });

  it('names the cell of a bad fee, a missing one, a repeated vendor and a bad code, and saves nothing', () => {
    const draft = toDraft(ngr, value) as Record<string, unknown>;
    const fees = (rows: Row[]) => parseDraft(ngr, { ...(draft as object), providerFeePpm: rows } as never);
    expect(fees([{ vendor: 'PG', ppm: '1000001' }])).toEqual({
      problems: { 'providerFeePpm.0.ppm': { reason: 'MAX', bound: 1_000_000 } },
    });
    expect(fees([{ vendor: 'PG', ppm: '' }]).problems).toEqual({ 'providerFeePpm.0.ppm': { reason: 'REQUIRED' } });
    expect(fees([{ vendor: 'PG', ppm: '1.5' }]).problems).toEqual({ 'providerFeePpm.0.ppm': { reason: 'WHOLE' } });
    expect(fees([{ vendor: 'PG', ppm: 'ten' }]).problems).toEqual({ 'providerFeePpm.0.ppm': { reason: 'INVALID' } });
    expect(
      fees([
        { vendor: 'PG', ppm: '1' },
        { vendor: 'PG', ppm: '2' },
      ]).problems,
    ).toEqual({ 'providerFeePpm.1.vendor': { reason: 'DUPLICATE' } });
    expect(fees([{ vendor: 'P G!', ppm: '10' }]).problems).toEqual({
      'providerFeePpm.0.vendor': { reason: 'PATTERN' },
    });
    const fee = parseDraft(ngr, { ...(draft as object), paymentFeePpm: '2000000' } as never);
    expect(fee).toEqual({ problems: { paymentFeePpm: { reason: 'MAX', bound: 1_000_000 } } });
  });

  it('keeps the chat entry points as rows in their order, each cell checked', () => {
    const spec = specOf('chatEntryPoints', []);
    expect(spec.group).toBe('support');
    const points = [
      { code: 'WEB', name: 'Customer service' },
      { code: 'VIP', name: 'VIP desk' },
    ];
    const draft = toDraft(spec, points) as Row[];
    expect(draft).toEqual(points);
    // Moved: the second row first.
    expect(parseDraft(spec, [draft[1] as Row, draft[0] as Row]).value).toEqual([points[1], points[0]]);
    expect(parseDraft(spec, []).value).toEqual([]);
    expect(parseDraft(spec, [{ code: '', name: 'x'.repeat(61) }])).toEqual({
      problems: { 'value.0.code': { reason: 'REQUIRED' }, 'value.0.name': { reason: 'TOO_LONG', bound: 60 } },
    });
    expect(parseDraft(spec, [...points, { code: 'WEB', name: 'Again' }]).problems).toEqual({
      'value.2.code': { reason: 'DUPLICATE' },
    });
    const many = Array.from({ length: 21 }, (_, i) => ({ code: `C${i}`, name: 'Desk' }));
    expect(parseDraft(spec, many).problems).toEqual({ value: { reason: 'TOO_MANY', bound: 20 } });
  });

  it('edits the domain routes as rows of a name and a link, at least one', () => {
    const spec = specOf('domainRoute', {});
    const draft = toDraft(spec, { agent: '/agentHome', member: '/' });
    expect(draft).toEqual([
      { name: 'agent', url: '/agentHome' },
      { name: 'member', url: '/' },
    ]);
    expect(parseDraft(spec, draft).value).toEqual({ agent: '/agentHome', member: '/' });
    expect(parseDraft(spec, []).problems).toEqual({ value: { reason: 'TOO_FEW', bound: 1 } });
    expect(parseDraft(spec, [{ name: 'member', url: 'javascript:alert(1)' }]).problems).toEqual({
      'value.0.url': { reason: 'INVALID' },
    });
  });

  it('saves chat hours as two times, or null when always open', () => {
    const spec = specOf('chatHours', null);
    expect(toDraft(spec, null)).toEqual({ alwaysOpen: true, from: '', to: '' });
    expect(toDraft(spec, { from: '09:00', to: '01:30' })).toEqual({ alwaysOpen: false, from: '09:00', to: '01:30' });
    expect(parseDraft(spec, { alwaysOpen: true, from: 'junk', to: '' })).toEqual({ value: null, problems: {} });
    expect(parseDraft(spec, { alwaysOpen: false, from: '22:00', to: '06:00' }).value).toEqual({
      from: '22:00',
      to: '06:00',
    });
    expect(parseDraft(spec, { alwaysOpen: false, from: '24:00', to: '' }).problems).toEqual({
      from: { reason: 'PATTERN' },
      to: { reason: 'REQUIRED' },
    });
  });

  it('edits the risk thresholds as typed fields, with their bounds', () => {
    const spec = specOf('risk', {});
    const risk = {
      ipSharedBeyond: 2,
      ipIgnoreAbove: 30,
      bonusWindowHours: 72,
      minimalTurnoverPercent: 150,
      lowRiskSharePercent: 80,
      lowRiskOdds1000: 1300,
      lowRiskReturnBandPercent: 10,
      referralDeviceAccounts: 3,
      raiseOnConfirm: true,
    };
    const draft = toDraft(spec, risk) as Record<string, string | boolean>;
    expect(draft.lowRiskOdds1000).toBe('1300');
    expect(parseDraft(spec, draft).value).toEqual(risk);
    expect(parseDraft(spec, { ...draft, lowRiskOdds1000: '999', lowRiskSharePercent: '101' }).problems).toEqual({
      lowRiskOdds1000: { reason: 'MIN', bound: 1000 },
      lowRiskSharePercent: { reason: 'MAX', bound: 100 },
    });
  });

  it('edits the sportsbook stake limits by risk level in per cent, stored in parts per million', () => {
    const spec = specOf('sportsbookRiskFactors', {});
    expect(spec.group).toBe('risk');
    const factors = { low: 1_000_000, high: 125_000, blocked: 0 };
    const draft = toDraft(spec, factors) as Record<string, string>;
    expect(draft).toEqual({ low: '100', high: '12.5', blocked: '0' });
    expect(parseDraft(spec, draft).value).toEqual(factors);
    expect(parseDraft(spec, { ...draft, high: ' 2.0625 ' }).value).toEqual({ ...factors, high: 20_625 });
    expect(parseDraft(spec, { low: '1000.5', high: 'half', blocked: '' }).problems).toEqual({
      low: { reason: 'MAX_PERCENT', bound: 1000 },
      high: { reason: 'PERCENT' },
      blocked: { reason: 'REQUIRED' },
    });
    expect(parseDraft(spec, { ...draft, high: '-5' }).problems).toEqual({ high: { reason: 'PERCENT' } });
    expect(parseDraft(spec, { ...draft, high: '0.00001' }).problems).toEqual({ high: { reason: 'PERCENT' } });
  });

  it('shows and takes the money thresholds in money, stored in minor units', () => {
    for (const key of ['adjustmentApprovalThreshold', 'agentPayoutHoldThreshold']) {
      const spec = specOf(key, 100_000);
      expect(spec.shape.kind, key).toBe('money');
      expect(toDraft(spec, 100_000)).toBe('1000.00');
      expect(parseDraft(spec, '2,500.50')).toEqual({ value: 250_050, problems: {} });
      expect(parseDraft(spec, '0.29').value).toBe(29);
      for (const bad of ['1.005', 'ten', '-5', '1e3'])
        expect(parseDraft(spec, bad).problems, bad).toEqual({ value: { reason: 'AMOUNT', bound: expect.any(Number) } });
      expect(parseDraft(spec, '').problems).toEqual({ value: { reason: 'REQUIRED' } });
    }
  });

  it('takes the daily withdrawal limit of each KYC level in money, empty for no limit', () => {
    const spec = specOf('kycDailyWithdrawalLimits', []);
    expect(spec.group).toBe('kyc');
    expect(toDraft(spec, [0, 0, 10_000_000, null])).toEqual(['0.00', '0.00', '100000.00', '']);
    expect(parseDraft(spec, ['0', '', '1,000.10', ''])).toEqual({ value: [0, null, 100_010, null], problems: {} });
    expect(parseDraft(spec, ['0', 'lots', '', '-1'])).toEqual({
      problems: {
        'value.1': { reason: 'AMOUNT', bound: expect.any(Number) },
        'value.3': { reason: 'AMOUNT', bound: expect.any(Number) },
      },
    });
  });

  it('leaves a setting it does not know under other, as JSON that must parse', () => {
    const spec = specOf('someNewThing', { a: [1] });
    expect(spec).toMatchObject({ group: 'other', shape: { kind: 'json' } });
    expect(parseDraft(spec, '{"a": [2]}').value).toEqual({ a: [2] });
    expect(parseDraft(spec, '{a: 2').problems).toEqual({ value: { reason: 'INVALID' } });
  });
});
