import type { CampaignChannel, CampaignText, SegmentFilter } from '@gamehall/shared/api/campaigns';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Id } from '../../db/schema';

// Kysely types of the campaign tables (migration 0097, docs/campaigns.md), merged into
// db/schema.ts's Database. member_messages.campaign_id is declared with member_messages in
// messages.tables.ts.
type Stamp = ColumnType<Date, Date | string, Date | string>;
type MaybeStamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

declare module '../../db/schema' {
  interface Database {
    campaign_segments: CampaignSegmentsTable;
    campaigns: CampaignsTable;
    campaign_recipients: CampaignRecipientsTable;
    campaign_clicks: CampaignClicksTable;
  }
}

export interface CampaignSegmentsTable {
  id: Id;
  name: string;
  filter: Json<SegmentFilter>;
  created_by: number;
  created_at: CreatedAt;
}

export interface CampaignsTable {
  id: Id;
  name: string;
  segment_id: number;
  channels: Json<CampaignChannel[]>;
  texts: Json<Record<string, CampaignText>>;
  fallback_language: string;
  links: Json<string[]>;
  status: 'scheduled' | 'sent' | 'cancelled';
  send_at: Stamp;
  sent_at: MaybeStamp;
  confirmed_reach: number;
  reach_members: number | null;
  reach_inbox: number | null;
  reach_sms: number | null;
  reach_mail: number | null;
  /** The idempotency key of the request that made it (migration 0115); null before keys. */
  send_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number;
  created_at: Generated<Date>;
}

export interface CampaignRecipientsTable {
  campaign_id: number;
  member_id: number;
  token: string;
}

export interface CampaignClicksTable {
  id: Id;
  campaign_id: number;
  member_id: number;
  link_no: number;
  clicked_at: Stamp;
}
