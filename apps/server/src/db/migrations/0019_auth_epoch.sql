-- One counter that moves whenever anything a session look-up reads may have changed: a session
-- revoked, re-verified, re-dated or dropped; any change to an admin account (lock, type, password,
-- allowed addresses, second factor, …); the list of types that must use a second factor. Servers keep
-- a session they have looked up in memory only while this counter is unchanged, and read it on every
-- request (DESIGN §7: revocation takes effect on the next request, on every process). The counter is
-- advanced BEFORE each statement, so a transaction takes its lock before any row lock of the tables
-- it guards (no lock-order deadlock between two such transactions). Touching last_seen_at does not
-- advance it.
CREATE TABLE "auth_epoch" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION auth_epoch_advance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_epoch SET n = n + 1 WHERE id = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_epoch BEFORE UPDATE OF token_hash, admin_id, revoked_at, verified_at, expires_at OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_advance();
--> statement-breakpoint
CREATE TRIGGER admins_auth_epoch BEFORE UPDATE OR DELETE OR TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_advance();
--> statement-breakpoint
CREATE TRIGGER totp_required_types_auth_epoch BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON totp_required_types
  FOR EACH STATEMENT EXECUTE FUNCTION auth_epoch_advance();
