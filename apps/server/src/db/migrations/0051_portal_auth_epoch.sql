-- The agent side's session cache (docs/design.md §16, issue 42): one counter that moves on every change
-- of what a portal session's look-up reads — the session row (ended, verified, re-dated), its agent and
-- operator (lock, type, password, deletion, second factor, the types that must use one, sign-in
-- addresses, …) and the sharing tree its downline is walked in (any sharing version). A server keeps a
-- portal session it has looked up in memory while this counter reads the same (core/portal-sessions.ts).
-- One global counter, not one per account: a change of the tree moves accounts far from the row written,
-- and all these writes are rare next to the reads.
--
-- It advances once per transaction, at its commit (deferred constraint triggers): the transaction takes
-- the counter's row lock last, after every other lock it holds, so it never waits on another lock while
-- holding this one (no lock-order deadlock with the agent service's row locks or auth_epoch's). A local
-- table of the coordinator on Citus.
CREATE TABLE "portal_auth_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "portal_auth_epoch" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION portal_auth_epoch_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Once per transaction: the rows of a batch each queue an event; the first advances.
  IF current_setting('sapi.portal_auth_epoch_xact', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config('sapi.portal_auth_epoch_xact', txid_current()::text, true);
    UPDATE portal_auth_epoch SET n = n + 1 WHERE id = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session changed in what a look-up reads; touching last_seen_at or the address columns does not count.
CREATE CONSTRAINT TRIGGER portal_sessions_auth_epoch
  AFTER UPDATE OF token_hash, agent_id, operator_id, revoked_at, verified_at, expires_at ON portal_sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD.token_hash, OLD.agent_id, OLD.operator_id, OLD.revoked_at, OLD.verified_at, OLD.expires_at)
    IS DISTINCT FROM (NEW.token_hash, NEW.agent_id, NEW.operator_id, NEW.revoked_at, NEW.verified_at, NEW.expires_at))
  EXECUTE FUNCTION portal_auth_epoch_advance();
--> statement-breakpoint
-- A session deleted that was not ended (an ended one moved the counter when it ended).
CREATE CONSTRAINT TRIGGER portal_sessions_auth_epoch_delete
  AFTER DELETE ON portal_sessions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION portal_auth_epoch_advance();
--> statement-breakpoint
CREATE TRIGGER portal_sessions_auth_epoch_truncate BEFORE TRUNCATE ON portal_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_epoch_advance();
--> statement-breakpoint
-- Any sharing version written (a downline is walked in them, on every node of the tree).
CREATE CONSTRAINT TRIGGER agent_sharing_versions_portal_auth_epoch
  AFTER INSERT OR UPDATE OR DELETE ON agent_sharing_versions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  EXECUTE FUNCTION portal_auth_epoch_advance();
--> statement-breakpoint
CREATE TRIGGER agent_sharing_versions_portal_auth_epoch_truncate BEFORE TRUNCATE ON agent_sharing_versions
  FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_epoch_advance();
--> statement-breakpoint
-- Agents and operators: any row added, deleted or changed in anything but the last accepted second-factor
-- step (written by every two-factor sign-in, read by no look-up), so a column added later is followed
-- without a new list. On Citus they are reference tables, whose triggers would run on the workers
-- without this table: there the server keeps no portal session in memory (core/portal-sessions.ts),
-- and a database moved onto Citus drops them (migration 0052).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RETURN;
  END IF;
  CREATE CONSTRAINT TRIGGER agents_portal_auth_epoch
    AFTER INSERT OR DELETE ON agents
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION portal_auth_epoch_advance();
  CREATE CONSTRAINT TRIGGER agents_portal_auth_epoch_update
    AFTER UPDATE ON agents
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'totp_last_step') IS DISTINCT FROM (to_jsonb(NEW) - 'totp_last_step'))
    EXECUTE FUNCTION portal_auth_epoch_advance();
  CREATE TRIGGER agents_portal_auth_epoch_truncate BEFORE TRUNCATE ON agents
    FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_epoch_advance();
  CREATE CONSTRAINT TRIGGER agent_operators_portal_auth_epoch
    AFTER INSERT OR DELETE ON agent_operators
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    EXECUTE FUNCTION portal_auth_epoch_advance();
  CREATE CONSTRAINT TRIGGER agent_operators_portal_auth_epoch_update
    AFTER UPDATE ON agent_operators
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN ((to_jsonb(OLD) - 'totp_last_step') IS DISTINCT FROM (to_jsonb(NEW) - 'totp_last_step'))
    EXECUTE FUNCTION portal_auth_epoch_advance();
  CREATE TRIGGER agent_operators_portal_auth_epoch_truncate BEFORE TRUNCATE ON agent_operators
    FOR EACH STATEMENT EXECUTE FUNCTION portal_auth_epoch_advance();
END
$$;
