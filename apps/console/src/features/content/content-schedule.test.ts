import { describe, expect, it } from 'vitest';
import { isoOrNull, startsAtBody, stateOf, toLocalInput } from './content-screen';

// A schedule is typed as the brand's clock reads, whatever the operator's own zone, and a start
// left as it was goes as "keep" so a reopened item whose start has passed saves without moving it.

describe('content schedules in the brand time zone', () => {
  it('reads a datetime-local value as the brand clock and shows a time the same way', () => {
    expect(isoOrNull('2026-12-01T09:30', 'Asia/Manila')).toBe('2026-12-01T01:30:00.000Z');
    expect(isoOrNull('2026-12-01T09:30', 'America/New_York')).toBe('2026-12-01T14:30:00.000Z');
    expect(toLocalInput('2026-12-01T01:30:59.123Z', 'Asia/Manila')).toBe('2026-12-01T09:30');
    expect(isoOrNull('', 'Asia/Manila')).toBeNull();
    // Not a time: sent as typed, for the schema to refuse beside the field.
    expect(isoOrNull('2026-02-30T10:00', 'UTC')).toBe('2026-02-30T10:00');
  });

  it('sends no start while the field shows the start the item had', () => {
    const was = toLocalInput('2026-11-20T01:30:12.500Z', 'Asia/Manila');
    expect(startsAtBody(was, was, 'Asia/Manila')).toBeNull();
    expect(startsAtBody('2026-12-24T20:00', was, 'Asia/Manila')).toBe('2026-12-24T12:00:00.000Z');
    // A new item with the field left empty starts now (null).
    expect(startsAtBody('', '', 'Asia/Manila')).toBeNull();
  });

  it('names where an item stands: off, scheduled, ended or on', () => {
    expect(stateOf({ enabled: false, live: false, schedule: 'live' })).toBe('off');
    expect(stateOf({ enabled: true, live: false, schedule: 'scheduled' })).toBe('scheduled');
    expect(stateOf({ enabled: true, live: false, schedule: 'ended' })).toBe('ended');
    expect(stateOf({ enabled: true, live: true, schedule: 'live' })).toBe('on');
    expect(stateOf({ enabled: true })).toBe('on');
  });
});
