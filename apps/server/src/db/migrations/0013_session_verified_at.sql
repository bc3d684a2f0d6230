-- Sign-in throttling counts every attempt up front in one upsert; `admitted` records that upsert's
-- decision so RETURNING tells the attempt whether it may check a password (DESIGN §7).
ALTER TABLE "login_throttle" ADD COLUMN "admitted" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Sensitive admin-account changes need a password re-check (`verify`) in the same session within 5 min.
ALTER TABLE "sessions" ADD COLUMN "verified_at" timestamp with time zone;
