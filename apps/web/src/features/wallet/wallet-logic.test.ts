import { RequestId } from '@gamehall/shared/api/wallet';
import { describe, expect, it } from 'vitest';
import {
  checkProofImage,
  checkReceiptImages,
  dateRangeQuery,
  entryKind,
  limitProblem,
  newRequestId,
  pageWindow,
  turnoverPercent,
  wageringLeft,
  withdrawableNow,
} from './wallet-logic';

const MB = 1024 * 1024;
const png = (size = 1000) => ({ type: 'image/png', size });

describe('checkReceiptImages', () => {
  it('accepts 0 to 3 png/jpg images up to 5 MB for a received confirmation', () => {
    expect(checkReceiptImages([], 'received')).toBeNull();
    expect(checkReceiptImages([png(), { type: 'image/jpeg', size: 5 * MB }, png()], 'partial')).toBeNull();
  });
  it('refuses a fourth image, another type or a file over 5 MB', () => {
    expect(checkReceiptImages([png(), png(), png(), png()], 'received')).toBe('tooMany');
    expect(checkReceiptImages([{ type: 'image/gif', size: 10 }], 'received')).toBe('badType');
    expect(checkReceiptImages([png(5 * MB + 1)], 'received')).toBe('tooBig');
  });
  it('needs at least one image when the money was not received', () => {
    expect(checkReceiptImages([], 'not_received')).toBe('required');
    expect(checkReceiptImages([png()], 'not_received')).toBeNull();
  });
  it('checks a deposit proof the same way', () => {
    expect(checkProofImage(png())).toBeNull();
    expect(checkProofImage({ type: 'application/pdf', size: 1 })).toBe('badType');
    expect(checkProofImage(png(6 * MB))).toBe('tooBig');
  });
});

describe('dateRangeQuery', () => {
  it('sends the shortcuts as range', () => {
    expect(dateRangeQuery({ kind: 'past7' })).toEqual({ range: 'past7' });
    expect(dateRangeQuery({ kind: 'past30' })).toEqual({ range: 'past30' });
  });
  it('sends a complete custom range and refuses a reversed or partial one', () => {
    expect(dateRangeQuery({ kind: 'custom', startDate: '2026-01-01', endDate: '2026-01-31' })).toEqual({
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(dateRangeQuery({ kind: 'custom', startDate: '2026-02-01', endDate: '2026-01-31' })).toBeNull();
    expect(dateRangeQuery({ kind: 'custom', startDate: '', endDate: '2026-01-31' })).toBeNull();
  });
});

describe('small rules', () => {
  it('makes request ids the server accepts, a new one each time', () => {
    const a = newRequestId();
    expect(RequestId.safeParse(a).success).toBe(true);
    expect(newRequestId()).not.toBe(a);
  });
  it('turnover progress is capped at 100 and 100 when nothing is required', () => {
    expect(turnoverPercent({ required: 0, achieved: 0 })).toBe(100);
    expect(turnoverPercent({ required: 200, achieved: 50 })).toBe(25);
    expect(turnoverPercent({ required: 200, achieved: 500 })).toBe(100);
  });
  it('limits are inclusive', () => {
    expect(limitProblem(100, { min: 100, max: 500 })).toBeNull();
    expect(limitProblem(500, { min: 100, max: 500 })).toBeNull();
    expect(limitProblem(99.99, { min: 100, max: 500 })).toBe('belowMin');
    expect(limitProblem(500.01, { min: 100, max: 500 })).toBe('aboveMax');
  });
  it('entry kinds drop the sub-type', () => {
    expect(entryKind('transfer.upline')).toBe('transfer');
    expect(entryKind('deposit')).toBe('deposit');
  });
  it('page window stays inside the pages', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 10)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
});

describe('the header balance details', () => {
  it('withdrawable: the available cash once the turnover is met', () => {
    expect(withdrawableNow({ available: 120.5, turnover: { required: 100, achieved: 100 } })).toBe(120.5);
    expect(withdrawableNow({ available: 120.5, turnover: { required: 100, achieved: 99.99 } })).toBe(0);
  });

  it('wagering left: what the active wagers still need, in cents', () => {
    expect(
      wageringLeft([
        { state: 'active', required: 1000, progress: 250.1 },
        { state: 'active', required: 300, progress: 400 },
        { state: 'converted', required: 500, progress: 0 },
      ]),
    ).toEqual({ amount: 749.9, count: 2 });
    expect(wageringLeft([])).toEqual({ amount: 0, count: 0 });
  });
});
