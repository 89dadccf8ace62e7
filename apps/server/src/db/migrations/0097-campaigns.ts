import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Campaigns (docs/campaigns.md), in the messages module.
// - campaign_segments: a named member filter (the member search's filters), stored as the filter
//   and evaluated each time it is used, so its size is always today's.
// - campaigns: a message to a segment on some of the channels inbox, sms and mail, with per-language
//   templates; status moves scheduled -> sent (or cancelled) once, in the transaction that writes
//   every delivery, which is what makes a send happen exactly once. links are the URLs of the
//   templates, tracked by their position in the list.
// - campaign_recipients: who a sent campaign reached, each with the token of their tracked links.
// - campaign_clicks: one row per click on a tracked link.
// - member_messages.campaign_id: the inbox copy of a campaign, so its read count is a count.
const up0097 = `
CREATE TABLE campaign_segments (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  filter jsonb NOT NULL,
  created_by bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE campaigns (
  id bigserial PRIMARY KEY,
  name text NOT NULL,
  segment_id bigint NOT NULL REFERENCES campaign_segments(id),
  channels jsonb NOT NULL,
  texts jsonb NOT NULL,
  fallback_language text NOT NULL,
  links jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL CHECK (status IN ('scheduled', 'sent', 'cancelled')),
  send_at timestamptz NOT NULL,
  sent_at timestamptz,
  confirmed_reach integer NOT NULL,
  reach_members integer,
  reach_inbox integer,
  reach_sms integer,
  reach_mail integer,
  created_by bigint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_due ON campaigns (send_at) WHERE status = 'scheduled';
CREATE INDEX campaigns_list ON campaigns (created_at DESC, id DESC);

CREATE TABLE campaign_recipients (
  campaign_id bigint NOT NULL REFERENCES campaigns(id),
  member_id bigint NOT NULL REFERENCES members(id),
  token text NOT NULL UNIQUE,
  PRIMARY KEY (campaign_id, member_id)
);

CREATE TABLE campaign_clicks (
  id bigserial PRIMARY KEY,
  campaign_id bigint NOT NULL REFERENCES campaigns(id),
  member_id bigint NOT NULL REFERENCES members(id),
  link_no integer NOT NULL,
  clicked_at timestamptz NOT NULL
);
CREATE INDEX campaign_clicks_campaign ON campaign_clicks (campaign_id, member_id);

ALTER TABLE member_messages ADD COLUMN campaign_id bigint REFERENCES campaigns(id);
CREATE INDEX member_messages_campaign ON member_messages (campaign_id, member_id) WHERE campaign_id IS NOT NULL;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, up0097);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
DROP INDEX member_messages_campaign;
ALTER TABLE member_messages DROP COLUMN campaign_id;
DROP TABLE campaign_clicks;
DROP TABLE campaign_recipients;
DROP TABLE campaigns;
DROP TABLE campaign_segments;
`,
  );
}
