import type { CreateSegmentBody } from '@gamehall/shared/api/campaigns';

// "Save as segment" on the member search: the filters the grid has applied (its URL parameters,
// data-grid.tsx) as a campaign segment's filter (docs/campaigns.md). A segment matches text in
// the same fields as the search, with one exception: bank account numbers are cashier data and
// never a segment criterion, so a search in that field cannot be saved.

export type SegmentFromSearch =
  | { ok: true; filter: CreateSegmentBody['filter'] }
  | { ok: false; reason: 'bankAccount' | 'unknownField' };

const SEGMENT_FIELDS = ['all', 'username', 'id', 'name', 'mobile', 'email', 'ip'] as const;
type SegmentField = (typeof SEGMENT_FIELDS)[number];

function isSegmentField(value: string): value is SegmentField {
  return (SEGMENT_FIELDS as readonly string[]).includes(value);
}

/** The segment filter of the search's applied filters (q, field, status, tag, agentsOnly). */
export function segmentFromSearch(params: URLSearchParams): SegmentFromSearch {
  const text = params.get('q')?.trim() ?? '';
  const field = params.get('field') || 'all';
  const filter: CreateSegmentBody['filter'] = {};
  if (text) {
    if (!isSegmentField(field)) return { ok: false, reason: field === 'bankAccount' ? 'bankAccount' : 'unknownField' };
    filter.q = text;
    filter.field = field;
  }
  const status = params.get('status');
  if (status === 'active' || status === 'disabled') filter.status = status;
  const tag = params.get('tag')?.trim();
  if (tag) filter.tag = tag;
  if (params.get('agentsOnly') === 'true') filter.agentsOnly = true;
  return { ok: true, filter };
}

/** Whether the filter narrows nothing but the status: a segment of everyone (campaigns.service isEveryone). */
export function isEveryone(filter: CreateSegmentBody['filter']): boolean {
  return filter.q === undefined && filter.tag === undefined && !filter.agentsOnly;
}
