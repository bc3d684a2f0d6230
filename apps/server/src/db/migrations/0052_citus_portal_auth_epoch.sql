-- Where the citus extension is present: no trigger of migration 0051 on agents or agent_operators
-- (reference tables there, whose triggers would run on the workers without portal_auth_epoch; on Citus
-- the server keeps no agent-side session in memory). A fresh Citus database never had them; a plain
-- PostgreSQL database moved onto Citus has, and the Citus catch-up (db/citus-catch-up.ts) runs this
-- before 0045 makes those tables reference tables. Without the extension it does nothing.
-- Only the triggers found are dropped: Citus refuses any trigger statement on a reference table, even
-- DROP TRIGGER IF EXISTS.
DO $$
DECLARE
  t record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RETURN;
  END IF;
  FOR t IN
    SELECT tgname, tgrelid::regclass AS rel FROM pg_trigger
    WHERE tgrelid IN ('agents'::regclass, 'agent_operators'::regclass)
      AND tgname LIKE '%portal_auth_epoch%'
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %s', t.tgname, t.rel);
  END LOOP;
END
$$;
