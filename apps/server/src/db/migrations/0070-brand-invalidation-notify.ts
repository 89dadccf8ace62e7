import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Brand data (settings and whitelabel switches) is cached on each node for a couple of seconds, and
// the region verdicts per address for as long as the rules hold (modules/site/region.ts). A write of
// either table, by any node, a script or psql, tells every node at commit through NOTIFY on
// gamehall_invalidations ({"k":"brand"}, realtime/event-bus.ts), so a rule change such as a newly
// blocked range or maintenance takes effect at once everywhere. Per statement: a seed's bulk insert
// is one notice.
export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE FUNCTION notify_brand_change() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_notify('gamehall_invalidations', '{"k":"brand"}'); RETURN NULL; END $$;
    CREATE TRIGGER brand_settings_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brand_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_brand_change();
    CREATE TRIGGER whitelabel_switches_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON whitelabel_switches FOR EACH STATEMENT EXECUTE FUNCTION notify_brand_change();
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    DROP TRIGGER whitelabel_switches_changed_notify ON whitelabel_switches;
    DROP TRIGGER brand_settings_changed_notify ON brand_settings;
    DROP FUNCTION notify_brand_change();
    `,
  );
}
