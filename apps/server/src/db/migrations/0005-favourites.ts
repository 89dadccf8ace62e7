import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// Accent folding for the game name search: PGlite ships without the unaccent extension,
// so every Latin letter with diacritics (Latin-1, Extended-A/B, Vietnamese) is mapped to its base
// letter with translate(). The table is computed here once and frozen into the trigger text.
function foldTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  const extra: Record<string, string> = { Đ: 'D', đ: 'd', Ø: 'O', ø: 'o', Ł: 'L', ł: 'l', Ħ: 'H', ħ: 'h', ı: 'i' };
  const ranges: [number, number][] = [
    [0xc0, 0x24f],
    [0x1e00, 0x1eff],
  ];
  for (const [start, end] of ranges) {
    for (let code = start; code <= end; code++) {
      const ch = String.fromCodePoint(code);
      const base = extra[ch] ?? ch.normalize('NFD').replace(/\p{M}/gu, '');
      if (base.length === 1 && base !== ch && /^[A-Za-z]$/.test(base)) {
        from += ch;
        to += base;
      }
    }
  }
  return { from, to };
}

/**
 * The games.search_text column, its trigger and the backfill (migration 0019 drops them, and its
 * down puts them back with this same text).
 */
export function gamesSearchTextSql(): string {
  const { from, to } = foldTable();
  const fold = (expr: string) => `lower(translate(${expr}, '${from}', '${to}'))`;
  return `
    ALTER TABLE games ADD COLUMN search_text text NOT NULL DEFAULT '';
    CREATE FUNCTION games_search_text() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW.search_text := ${fold(`NEW.name || E'\\n' || coalesce((SELECT string_agg(value, E'\\n') FROM jsonb_each_text(NEW.names)), '')`)}; RETURN NEW; END $$;
    CREATE TRIGGER games_search_text BEFORE INSERT OR UPDATE OF name, names ON games FOR EACH ROW EXECUTE FUNCTION games_search_text();
    UPDATE games SET name = name;
`;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(
    db,
    `
    CREATE TABLE favourite_games (
      member_id bigint NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      node_id bigint NOT NULL REFERENCES games(node_id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, node_id)
    );

    -- Name search text: the name and its name in every language, folded (lower case, no accents),
    -- one per line so a match never spans two names.
${gamesSearchTextSql()}
    -- The game list's order (hot, configured order, name, node id) within a category.
    CREATE INDEX games_list_order ON games (game_type, is_hot DESC, sort, name, node_id) WHERE status = 'active';
    `,
  );
}
