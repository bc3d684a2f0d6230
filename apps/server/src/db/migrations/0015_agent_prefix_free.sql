-- Agent prefixes are prefix-free (DESIGN §9): a player's name is prefix + typed name, unique
-- over all agents, so with prefixes "ab" and "abc" agent abc's player "victim" blocked agent ab's
-- "cvictim". The service checks at registration under an advisory lock and names the clash; this
-- trigger is the backstop for any other writer (and a future prefix change), serialised by the
-- same lock. Pairs that already overlap are left as they are: renaming a prefix would split its
-- players' names and history; docs/reliability.md lists them with a query. Such a pair still never
-- mixes players: a colliding name is refused with 409, never stored under the other agent.
CREATE FUNCTION agents_prefix_free() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE clash text;
BEGIN
  PERFORM pg_advisory_xact_lock(6200860);
  SELECT a.prefix INTO clash FROM agents a
  WHERE a.id <> NEW.id
    AND (starts_with(lower(a.prefix), lower(NEW.prefix)) OR starts_with(lower(NEW.prefix), lower(a.prefix)))
  LIMIT 1;
  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'prefix % and % overlap', NEW.prefix, clash
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'agents_prefix_free';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER agents_prefix_free BEFORE INSERT OR UPDATE OF prefix ON agents
  FOR EACH ROW EXECUTE FUNCTION agents_prefix_free();
