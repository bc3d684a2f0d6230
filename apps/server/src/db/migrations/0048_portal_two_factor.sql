-- The agent side's account security (docs/design.md §16, issue 42): two-factor sign-in for an agent's own
-- account and each operator (the staff mechanism of §13: a sealed secret, a pending one until a first
-- code confirms it, the last accepted step), the owners' settings (which operator types must use it; the
-- addresses the agent's accounts may sign in from, apart from the ingest list) and the code step's
-- challenges and recovery codes. Plain ALTER/CREATE TABLE only: agents and agent_operators are reference
-- tables on Citus (a column added reaches every copy); the two new tables stay local, as portal_sessions.
ALTER TABLE "agents" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "totp_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "sign_in_ips" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "operator_totp_types" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_operators" ADD COLUMN "totp_secret" text;
--> statement-breakpoint
ALTER TABLE "agent_operators" ADD COLUMN "totp_pending_secret" text;
--> statement-breakpoint
ALTER TABLE "agent_operators" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
-- `account`: `agent:<id>` or `operator:<id>`, the one key of an agent-side account.
CREATE TABLE "portal_recovery_codes" (
	"account" text NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "portal_recovery_codes_account_code_hash_pk" PRIMARY KEY("account","code_hash")
);
--> statement-breakpoint
CREATE TABLE "portal_login_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"agent_id" bigint NOT NULL,
	"operator_id" bigint,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "portal_login_challenges_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "portal_login_challenges_account_idx" ON "portal_login_challenges" USING btree ("agent_id","operator_id");
