import { type Kysely, sql } from 'kysely';

// The agent tree as a closure table: one row per (ancestor, member) pair with the number of levels
// between them, the member itself included at depth 0. "Everyone under agent A" is then one index
// range (ancestor_id = A), "A's direct downlines" is (A, depth 1), and "the uplines of M, nearest
// first" is (member_id = M) ordered by depth, whatever the tree's depth: no recursive query on the
// read paths that the agent centre, the contracts settlement and the back office run.
//
// members.upline_id stays the single source of truth; triggers keep the closure in step with it in
// the same transaction, for every writer (registration, the register centre, the back office's
// upline change, the seed, tests), so no service can forget to. An upline change that would make a
// cycle (the new upline is the member or one of its downlines) is refused by the database too.
const treeFunctions = `
CREATE FUNCTION agent_tree_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO agent_tree (ancestor_id, member_id, depth) VALUES (NEW.id, NEW.id, 0);
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO agent_tree (ancestor_id, member_id, depth)
    SELECT t.ancestor_id, NEW.id, t.depth + 1 FROM agent_tree t WHERE t.member_id = NEW.upline_id;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION agent_tree_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.upline_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM agent_tree WHERE ancestor_id = NEW.id AND member_id = NEW.upline_id
  ) THEN
    RAISE EXCEPTION 'agent tree cycle: % cannot move under its own downline %', NEW.id, NEW.upline_id
      USING ERRCODE = 'check_violation';
  END IF;
  -- Cut the moved subtree from its old uplines...
  DELETE FROM agent_tree d
   WHERE d.member_id IN (SELECT s.member_id FROM agent_tree s WHERE s.ancestor_id = NEW.id)
     AND d.ancestor_id IN (SELECT a.ancestor_id FROM agent_tree a WHERE a.member_id = NEW.id AND a.depth > 0);
  -- ...and hang it under the new upline's chain.
  IF NEW.upline_id IS NOT NULL THEN
    INSERT INTO agent_tree (ancestor_id, member_id, depth)
    SELECT a.ancestor_id, s.member_id, a.depth + s.depth + 1
      FROM agent_tree a CROSS JOIN agent_tree s
     WHERE a.member_id = NEW.upline_id AND s.ancestor_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_tree (
      ancestor_id bigint NOT NULL REFERENCES members(id),
      member_id bigint NOT NULL REFERENCES members(id),
      depth integer NOT NULL CHECK (depth >= 0),
      PRIMARY KEY (ancestor_id, depth, member_id)
    )
  `.execute(db);
  // Uplines of a member (nearest first); the primary key serves subtrees and direct downlines.
  await sql`CREATE UNIQUE INDEX agent_tree_member ON agent_tree (member_id, depth, ancestor_id)`.execute(db);

  // Existing members, uplines first.
  await sql`
    INSERT INTO agent_tree (ancestor_id, member_id, depth)
    WITH RECURSIVE chain(ancestor_id, member_id, depth) AS (
      SELECT id, id, 0 FROM members
      UNION ALL
      SELECT m.upline_id, c.member_id, c.depth + 1
        FROM chain c JOIN members m ON m.id = c.ancestor_id
       WHERE m.upline_id IS NOT NULL AND c.depth < 1000
    )
    SELECT ancestor_id, member_id, depth FROM chain
  `.execute(db);

  for (const statement of treeFunctions.split(/(?=CREATE FUNCTION)/).filter((s) => s.trim())) {
    await sql.raw(statement.trim()).execute(db);
  }
  await sql`
    CREATE TRIGGER agent_tree_insert AFTER INSERT ON members
    FOR EACH ROW EXECUTE FUNCTION agent_tree_insert()
  `.execute(db);
  await sql`
    CREATE TRIGGER agent_tree_move AFTER UPDATE OF upline_id ON members
    FOR EACH ROW WHEN (OLD.upline_id IS DISTINCT FROM NEW.upline_id) EXECUTE FUNCTION agent_tree_move()
  `.execute(db);
}
