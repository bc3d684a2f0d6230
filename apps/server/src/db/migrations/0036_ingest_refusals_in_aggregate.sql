-- Refusals of requests whose signature did not hold (no key, an unknown key, a bad signature, a stale
-- timestamp, a body refused before its signature was checked) are logged in aggregate: one row per
-- minute, address, agent, reason and answered status, with a count (issue 38), so a flood of forged
-- requests writes a few rows a minute instead of a row each. Every other request keeps its own row
-- (count 1, minute null).
ALTER TABLE "ingest_log" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;
--> statement-breakpoint
ALTER TABLE "ingest_log" ADD COLUMN "minute" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "ingest_log" ADD COLUMN "last_at" timestamp with time zone;
--> statement-breakpoint
-- The aggregate's key: the one upsert of a refusal finds its row here (a key unknown to every agent
-- counts under agent 0, i.e. none).
CREATE UNIQUE INDEX "ingest_log_minute_idx" ON "ingest_log" ("minute", "ip", (coalesce("agent_id", 0)), "reason", "status")
  WHERE "minute" IS NOT NULL;
--> statement-breakpoint
-- Refusals of unsigned requests counted per client address and per agent key, in fixed one-minute
-- windows shared by every process; over the limit such a request is answered 429. The upkeep deletes
-- windows that have ended. An unknown key is counted under its address only, so a flood of made-up
-- keys adds no row.
CREATE TABLE "ingest_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"refusals" integer NOT NULL
);
