-- The session cache's counter per account (issue 38). Migration 0019 kept one counter for everything a
-- session look-up reads, so every sign-in (it writes admins.active_login_ip) and every session ended
-- anywhere dropped every remembered session of every account in every process. Now a change to one
-- account's sessions or row advances that account's counter only; the global counter (auth_epoch.n)
-- moves only for what may concern every account: the types that must use a second factor, and a
-- TRUNCATE. A server compares both (the look-up reads them in the same statement as the row).
--
-- The row of auth_epoch is still locked BEFORE each statement that changes what a look-up reads (no
-- longer advanced): every transaction that advances an account's counter (after its row locks) then
-- already holds that lock, so two of them never wait on each other's counter (no lock-order deadlock).
-- A sign-in takes it too (core/sessions.ts createSession): the live-session cap counts under it.
--
-- No foreign key: a counter may be advanced while its account is deleted in the same statement.
CREATE TABLE "account_auth_epoch" (
	"admin_id" bigint PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION auth_epoch_lock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM auth_epoch WHERE id = 1 FOR UPDATE;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A session's row changed in what a look-up reads (revoked, verified, re-dated, re-keyed, moved).
-- Row by row, and only for those columns: touching last_seen_at or write_lsn costs nothing.
CREATE FUNCTION account_auth_epoch_advance_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_auth_epoch AS e (admin_id, n) VALUES (OLD.admin_id, 1)
    ON CONFLICT (admin_id) DO UPDATE SET n = e.n + 1;
  IF NEW.admin_id IS DISTINCT FROM OLD.admin_id THEN
    INSERT INTO account_auth_epoch AS e (admin_id, n) VALUES (NEW.admin_id, 1)
      ON CONFLICT (admin_id) DO UPDATE SET n = e.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Sessions deleted: once per account of the statement (the upkeep deletes in batches). A revoked row
-- advanced its account's counter when it was revoked, so deleting it changes no look-up.
CREATE FUNCTION account_auth_epoch_advance_deleted_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_auth_epoch AS e (admin_id, n)
    SELECT DISTINCT admin_id, 1 FROM old_sessions WHERE revoked_at IS NULL
    ON CONFLICT (admin_id) DO UPDATE SET n = e.n + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An account's row changed: anything but the address of its latest sign-in (written by every sign-in,
-- read by no look-up) advances its counter, so a column added later is followed without a new list.
CREATE FUNCTION account_auth_epoch_advance_admin() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE'
     OR (to_jsonb(OLD) - 'active_login_ip') IS DISTINCT FROM (to_jsonb(NEW) - 'active_login_ip') THEN
    INSERT INTO account_auth_epoch AS e (admin_id, n) VALUES (OLD.id, 1)
      ON CONFLICT (admin_id) DO UPDATE SET n = e.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER sessions_auth_epoch ON sessions;
--> statement-breakpoint
DROP TRIGGER admins_auth_epoch ON admins;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_epoch_lock BEFORE UPDATE OF token_hash, admin_id, revoked_at, verified_at, expires_at OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_lock();
--> statement-breakpoint
CREATE TRIGGER sessions_account_auth_epoch AFTER UPDATE OF token_hash, admin_id, revoked_at, verified_at, expires_at ON sessions
  FOR EACH ROW
  WHEN ((OLD.token_hash, OLD.admin_id, OLD.revoked_at, OLD.verified_at, OLD.expires_at)
    IS DISTINCT FROM (NEW.token_hash, NEW.admin_id, NEW.revoked_at, NEW.verified_at, NEW.expires_at))
  EXECUTE FUNCTION account_auth_epoch_advance_session();
--> statement-breakpoint
CREATE TRIGGER sessions_account_auth_epoch_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION account_auth_epoch_advance_deleted_sessions();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_epoch_truncate BEFORE TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_advance();
--> statement-breakpoint
CREATE TRIGGER admins_auth_epoch_lock BEFORE UPDATE OR DELETE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_lock();
--> statement-breakpoint
CREATE TRIGGER admins_account_auth_epoch AFTER UPDATE OR DELETE ON admins
  FOR EACH ROW EXECUTE FUNCTION account_auth_epoch_advance_admin();
--> statement-breakpoint
CREATE TRIGGER admins_auth_epoch_truncate BEFORE TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_advance();
