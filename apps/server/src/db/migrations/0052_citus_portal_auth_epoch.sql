-- Where the citus extension is present: no trigger of migration 0051 on agents or agent_operators
-- (reference tables there, whose triggers would run on the workers without portal_auth_epoch; on Citus
-- the server keeps no agent-side session in memory). A fresh Citus database never had them; a plain
-- PostgreSQL database moved onto Citus has, and the Citus catch-up (db/citus-catch-up.ts) runs this
-- before 0045 makes those tables reference tables. Without the extension it does nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RETURN;
  END IF;
  DROP TRIGGER IF EXISTS agents_portal_auth_epoch ON agents;
  DROP TRIGGER IF EXISTS agents_portal_auth_epoch_update ON agents;
  DROP TRIGGER IF EXISTS agents_portal_auth_epoch_truncate ON agents;
  DROP TRIGGER IF EXISTS agent_operators_portal_auth_epoch ON agent_operators;
  DROP TRIGGER IF EXISTS agent_operators_portal_auth_epoch_update ON agent_operators;
  DROP TRIGGER IF EXISTS agent_operators_portal_auth_epoch_truncate ON agent_operators;
END
$$;
