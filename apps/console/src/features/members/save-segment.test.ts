import { CreateSegmentBody } from '@gamehall/shared/api/campaigns';
import { describe, expect, it } from 'vitest';
import { isEveryone, segmentFromSearch } from './save-segment';

const from = (query: string) => segmentFromSearch(new URLSearchParams(query));

describe('save the member search as a segment', () => {
  it('takes the applied filters, each as the segment names it', () => {
    const saved = from('q=%20ana%20&field=name&status=disabled&tag=%20vip%20&agentsOnly=true&pageNo=3&sort=balance');
    expect(saved).toEqual({
      ok: true,
      filter: { q: 'ana', field: 'name', status: 'disabled', tag: 'vip', agentsOnly: true },
    });
    // What the console sends is what the server's schema accepts, unchanged.
    if (saved.ok) expect(CreateSegmentBody.parse({ name: 'x', filter: saved.filter }).filter).toEqual(saved.filter);
  });

  it('searches every field when none is chosen, and ignores a field without text', () => {
    expect(from('q=0917')).toEqual({ ok: true, filter: { q: '0917', field: 'all' } });
    expect(from('field=email&status=active')).toEqual({ ok: true, filter: { status: 'active' } });
    expect(from('q=%20%20&tag=')).toEqual({ ok: true, filter: {} });
    expect(from('status=unknown&agentsOnly=false')).toEqual({ ok: true, filter: {} });
  });

  it('cannot save a search in bank account numbers (cashier data)', () => {
    expect(from('q=1234&field=bankAccount')).toEqual({ ok: false, reason: 'bankAccount' });
    expect(from('q=1234&field=nonsense')).toEqual({ ok: false, reason: 'unknownField' });
  });

  it('knows a filter of everyone, as the server does', () => {
    expect(isEveryone({})).toBe(true);
    expect(isEveryone({ status: 'active' })).toBe(true);
    expect(isEveryone({ tag: 'vip' })).toBe(false);
    expect(isEveryone({ q: 'a', field: 'all' })).toBe(false);
    expect(isEveryone({ agentsOnly: true })).toBe(false);
  });
});
