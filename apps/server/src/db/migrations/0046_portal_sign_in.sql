-- The agent side signs in (docs/design.md §16, issue 42). Agents and agent operators sign in with the
-- passwords they were registered with; an account whose password someone else chose (every one so far:
-- staff register agents and operators) must change it at its first sign-in.
ALTER TABLE "agents" ADD COLUMN "must_change_password" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "agent_operators" ADD COLUMN "must_change_password" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Sessions of the agent side: an agent's own account (operator_id null) or one of its operators. Ids
-- come from the staff sessions' sequence, so a session id names one session of either kind (the
-- per-session attempt counter `s:<id>`, the replica's read-your-writes). No foreign keys: agents and
-- operators are reference tables on Citus and this one stays local; the look-up joins them anyway.
CREATE TABLE "portal_sessions" (
	"id" bigint PRIMARY KEY DEFAULT nextval('sessions_id_seq') NOT NULL,
	"token_hash" text NOT NULL,
	"agent_id" bigint NOT NULL,
	"operator_id" bigint,
	"ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"user_agent" text,
	CONSTRAINT "portal_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE INDEX "portal_sessions_account_idx" ON "portal_sessions" USING btree ("agent_id", "operator_id");
