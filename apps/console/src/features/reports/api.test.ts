import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultRange, withRange } from './api';

// The default report range is counted in the brand's days: a browser in another zone has another
// date for part of every day, and the reports must still end on the brand's today (the day the
// dashboard calls today). The "browser" here is the test process's own zone, set through TZ.

const processZone = process.env.TZ;

function browserIn(zone: string) {
  process.env.TZ = zone;
}

describe('defaultRange', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    if (processZone === undefined) delete process.env.TZ;
    else process.env.TZ = processZone;
  });

  it('ends on the brand today when the brand is a day ahead of the browser', () => {
    browserIn('America/Los_Angeles');
    // 09:30 on 1 March in Los Angeles is 01:30 on 2 March in Manila.
    vi.setSystemTime(new Date('2026-03-01T17:30:00Z'));
    expect([new Date().getDate(), new Date().getHours()]).toEqual([1, 9]);
    expect(defaultRange('Asia/Manila')).toEqual({ from: '2026-02-01', to: '2026-03-02' });
  });

  it('ends on the brand today when the brand is a day behind the browser', () => {
    browserIn('Asia/Manila');
    // 09:30 on 1 March in Manila is 22:30 on 28 February in São Paulo.
    vi.setSystemTime(new Date('2026-03-01T01:30:00Z'));
    expect([new Date().getDate(), new Date().getHours()]).toEqual([1, 9]);
    expect(defaultRange('America/Sao_Paulo')).toEqual({ from: '2026-01-30', to: '2026-02-28' });
  });

  it('covers thirty days across a year end', () => {
    browserIn('UTC');
    vi.setSystemTime(new Date('2026-01-10T12:00:00Z'));
    expect(defaultRange('Asia/Manila')).toEqual({ from: '2025-12-12', to: '2026-01-10' });
  });
});

describe('withRange', () => {
  const now = new Date('2026-03-01T17:30:00Z');

  it('fills in the days the URL leaves out, and keeps the ones it sets', () => {
    expect(withRange({ pageNo: 1, pageSize: 20 }, 'Asia/Manila', now)).toMatchObject({
      from: '2026-02-01',
      to: '2026-03-02',
    });
    expect(withRange({ pageNo: 1, pageSize: 20, from: '2026-02-20' }, 'Asia/Manila', now)).toMatchObject({
      from: '2026-02-20',
      to: '2026-03-02',
    });
  });
});
