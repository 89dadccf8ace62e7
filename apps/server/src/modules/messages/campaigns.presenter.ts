import type { CampaignItem, SegmentFilter, SegmentItem } from '@gamehall/shared/api/campaigns';
import type { CampaignListRow } from './campaigns.queries';
import { isEveryone } from './campaigns.service';

type SegmentRow = { id: number; name: string; filter: SegmentFilter; size: number; created_at: Date | string };

export function presentSegment(r: SegmentRow): SegmentItem {
  return {
    id: r.id,
    name: r.name,
    filter: r.filter,
    everyone: isEveryone(r.filter),
    size: r.size,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

type CampaignRow = Omit<CampaignListRow, 'read_count' | 'clicks' | 'clickers'> & {
  read_count: string | number | null;
  clicks: string | number | null;
  clickers: string | number | null;
};

export function presentCampaign(r: CampaignRow): CampaignItem {
  return {
    id: r.id,
    name: r.name,
    segment: { id: r.segment_id, name: r.segment_name },
    channels: r.channels,
    texts: r.texts,
    fallbackLanguage: r.fallback_language,
    status: r.status,
    sendAt: new Date(r.send_at).toISOString(),
    sentAt: r.sent_at === null ? null : new Date(r.sent_at).toISOString(),
    confirmedReach: r.confirmed_reach,
    reach:
      r.reach_members === null
        ? null
        : {
            members: r.reach_members,
            inbox: r.reach_inbox ?? 0,
            sms: r.reach_sms ?? 0,
            mail: r.reach_mail ?? 0,
          },
    readCount: Number(r.read_count ?? 0),
    clicks: Number(r.clicks ?? 0),
    clickers: Number(r.clickers ?? 0),
    createdAt: new Date(r.created_at).toISOString(),
  };
}
