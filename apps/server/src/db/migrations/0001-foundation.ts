import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// The foundation schema: brand configuration and site content, the game catalogue, members and
// their sessions, verification (SMS codes, captchas, challenges), throttling counters, the outbox,
// the audit log, encryption keys, and the ledger tables the ledger module owns.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE brand_settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE whitelabel_switches (
      mod_id text PRIMARY KEY,
      parent_mod_id text REFERENCES whitelabel_switches(mod_id),
      enabled boolean NOT NULL DEFAULT false,
      name text NOT NULL,
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE resources (
      id bigserial PRIMARY KEY,
      resource_type text NOT NULL,
      name text NOT NULL,
      label_name_en text NOT NULL,
      url text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      UNIQUE (resource_type, name)
    );

    CREATE TABLE banners (
      id bigserial PRIMARY KEY,
      group_name text NOT NULL,
      title text NOT NULL,
      image_url text NOT NULL,
      linkage_type text,
      link_url text,
      language text,
      sort integer NOT NULL DEFAULT 0,
      active boolean NOT NULL DEFAULT true,
      UNIQUE (group_name, title)
    );

    CREATE TABLE announcements (
      id bigserial PRIMARY KEY,
      type text NOT NULL,
      audience text NOT NULL,
      title text NOT NULL,
      content text NOT NULL,
      promotion_type text,
      execution text NOT NULL DEFAULT 'B',
      language text,
      sort integer NOT NULL DEFAULT 0,
      starts_at timestamptz NOT NULL DEFAULT now(),
      ends_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (type, audience, title)
    );

    CREATE TABLE notices (
      id bigserial PRIMARY KEY,
      title text NOT NULL UNIQUE,
      content text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE help_articles (
      id bigserial PRIMARY KEY,
      category text NOT NULL,
      title text NOT NULL,
      content text NOT NULL,
      sort integer NOT NULL DEFAULT 0,
      UNIQUE (category, title)
    );

    CREATE TABLE countries (
      country_code text PRIMARY KEY,
      country_dialing_code text NOT NULL,
      name text NOT NULL,
      mobile_digits integer NOT NULL DEFAULT 10,
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE register_field_rules (
      field text PRIMARY KEY,
      enabled boolean NOT NULL,
      required boolean NOT NULL,
      min_length integer NOT NULL,
      max_length integer NOT NULL,
      pattern_id integer,
      accepted_pattern text NOT NULL DEFAULT '*',
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE vip_levels (
      level integer PRIMARY KEY,
      label_name text NOT NULL,
      min_deposit bigint NOT NULL DEFAULT 0
    );

    CREATE TABLE vendors (
      code text PRIMARY KEY,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'maintenance', 'hidden')),
      sort integer NOT NULL DEFAULT 0
    );

    CREATE TABLE vendor_game_types (
      vendor_code text NOT NULL REFERENCES vendors(code),
      game_type text NOT NULL,
      account_type_name text NOT NULL,
      is_game text,
      sort integer NOT NULL DEFAULT 0,
      PRIMARY KEY (vendor_code, game_type)
    );

    CREATE TABLE games (
      node_id bigserial PRIMARY KEY,
      vendor_code text NOT NULL REFERENCES vendors(code),
      game_type text NOT NULL,
      game_code text NOT NULL,
      name text NOT NULL,
      names jsonb NOT NULL DEFAULT '{}'::jsonb,
      sub_category text,
      is_hot boolean NOT NULL DEFAULT false,
      sort integer NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'maintenance', 'hidden')),
      min_bet bigint NOT NULL DEFAULT 10,
      min_line_num integer NOT NULL DEFAULT 1,
      art_seed integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (vendor_code, game_code)
    );
    CREATE INDEX games_type_vendor ON games (game_type, vendor_code, sort);
    CREATE INDEX games_hot ON games (game_type) WHERE is_hot;

    CREATE TABLE members (
      id bigserial PRIMARY KEY,
      username text NOT NULL,
      password_hash text NOT NULL,
      type smallint NOT NULL DEFAULT 0,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      nickname text,
      email text,
      mobile_num text,
      country_dialing_code text,
      payee_name text,
      qq_num text,
      line text,
      whatsapp text,
      facebook text,
      wechat text,
      telegram text,
      zalo text,
      id_number text,
      birthday date,
      address text,
      nationality text,
      occupation text,
      source_of_income text,
      place_of_birth text,
      full_name text,
      payment_password_hash text,
      referral_code text NOT NULL UNIQUE,
      referrer_id bigint REFERENCES members(id),
      upline_id bigint REFERENCES members(id),
      avatar integer NOT NULL DEFAULT 1,
      language text NOT NULL DEFAULT 'EN',
      vip_level integer NOT NULL DEFAULT 0,
      totp_secret text,
      -- Back-office operators (type 90) carry their permissions; '*' grants every one.
      permissions jsonb NOT NULL DEFAULT '[]'::jsonb,
      register_ip text,
      register_domain text,
      register_url text,
      register_method text,
      password_changed_at timestamptz NOT NULL DEFAULT now(),
      first_login_at timestamptz,
      last_login_at timestamptz,
      last_login_ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    -- Usernames are unique without regard to case: two concurrent registrations make one account.
    CREATE UNIQUE INDEX members_username_key ON members (lower(username));
    CREATE UNIQUE INDEX members_mobile_key ON members (country_dialing_code, mobile_num) WHERE mobile_num IS NOT NULL;
    CREATE INDEX members_upline ON members (upline_id);

    CREATE TABLE affiliate_codes (
      code text PRIMARY KEY,
      agent_id bigint NOT NULL REFERENCES members(id),
      domain text,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE sessions (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      member_id bigint NOT NULL REFERENCES members(id),
      area text NOT NULL DEFAULT 'member' CHECK (area IN ('member', 'agent', 'admin')),
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX sessions_member ON sessions (member_id) WHERE revoked_at IS NULL;

    CREATE TABLE member_login_ips (
      member_id bigint NOT NULL REFERENCES members(id),
      ip text NOT NULL,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, ip)
    );

    -- A login from an unknown IP waits here until the member proves who they are (spec §4).
    CREATE TABLE login_verifications (
      id text PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      ip text NOT NULL,
      area text NOT NULL,
      login_type text NOT NULL,
      password_expired boolean NOT NULL,
      must_change_password boolean NOT NULL,
      code_hash text,
      code_method text,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE sms_codes (
      id bigserial PRIMARY KEY,
      purpose text NOT NULL,
      phone text NOT NULL,
      code_hash text NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sms_codes_lookup ON sms_codes (phone, purpose, created_at DESC);

    CREATE TABLE captchas (
      client_key text PRIMARY KEY,
      answer_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE used_challenges (
      signature text PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );

    -- Throttling counters that protect accounts live in the database so every node shares them.
    CREATE TABLE rate_limits (
      key text PRIMARY KEY,
      window_started_at timestamptz NOT NULL,
      count integer NOT NULL,
      locked_until timestamptz
    );

    CREATE TABLE outbox (
      id bigserial PRIMARY KEY,
      channel text NOT NULL CHECK (channel IN ('sms', 'email')),
      recipient text NOT NULL,
      subject text,
      text text NOT NULL,
      code text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'kept')),
      attempts integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    );

    CREATE TABLE audit_log (
      id bigserial PRIMARY KEY,
      member_id bigint,
      username text,
      event text NOT NULL,
      success boolean NOT NULL,
      ip text,
      user_agent text,
      detail jsonb NOT NULL DEFAULT '{}'::jsonb,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX audit_log_member ON audit_log (member_id, created_at DESC);

    CREATE TABLE encryption_keys (
      kid text PRIMARY KEY,
      private_jwk jsonb NOT NULL,
      public_jwk jsonb NOT NULL,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz
    );

    CREATE TABLE member_messages (
      id bigserial PRIMARY KEY,
      member_id bigint NOT NULL REFERENCES members(id),
      title text NOT NULL,
      content text NOT NULL,
      read_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX member_messages_unread ON member_messages (member_id) WHERE read_at IS NULL;

    -- Ledger (written only by the ledger module). Balances are integer minor units.
    CREATE TABLE ledger_accounts (
      id bigserial PRIMARY KEY,
      code text NOT NULL UNIQUE,
      kind text NOT NULL,
      member_id bigint REFERENCES members(id),
      currency text NOT NULL,
      balance bigint NOT NULL DEFAULT 0,
      held bigint NOT NULL DEFAULT 0,
      -- Member accounts may never go below zero or below what is held; house accounts may.
      allow_negative boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (allow_negative OR (balance >= 0 AND held >= 0 AND held <= balance))
    );
    CREATE UNIQUE INDEX ledger_accounts_member ON ledger_accounts (member_id, kind, currency) WHERE member_id IS NOT NULL;

    CREATE TABLE ledger_postings (
      id bigserial PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      type text NOT NULL,
      reference text NOT NULL,
      fingerprint text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE ledger_entries (
      id bigserial PRIMARY KEY,
      posting_id bigint NOT NULL REFERENCES ledger_postings(id),
      account_id bigint NOT NULL REFERENCES ledger_accounts(id),
      amount bigint NOT NULL,
      balance_after bigint NOT NULL
    );
    CREATE INDEX ledger_entries_account ON ledger_entries (account_id, id);
  `,
  );
}

export async function down(): Promise<void> {
  throw new Error('The foundation migration cannot be reversed');
}
