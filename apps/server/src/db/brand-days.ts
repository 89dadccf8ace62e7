import { sql } from 'kysely';
import type { Conn } from './database';

// Brand days (the brand's `timeZone` setting): every report, export and period edge is cut in them,
// as the dashboard's reports are (modules/reports), never in UTC days.

/** The instants a run of brand days [from, to] (yyyy-MM-dd, both included) starts and ends at. */
export async function brandDayBounds(
  db: Conn,
  from: string,
  to: string,
  tz: string,
): Promise<{ start: Date; end: Date }> {
  const r = await sql<{ start: Date; end: Date }>`
    SELECT (${from}::date::timestamp AT TIME ZONE ${tz}) AS start,
           ((${to}::date + 1)::timestamp AT TIME ZONE ${tz}) AS "end"`.execute(db);
  const row = r.rows[0] as { start: Date; end: Date };
  return { start: new Date(row.start), end: new Date(row.end) };
}
