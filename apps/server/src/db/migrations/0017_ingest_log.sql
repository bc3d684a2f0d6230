CREATE TABLE "ingest_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"agent_id" bigint,
	"ip" text NOT NULL,
	"item_count" integer,
	"accepted" integer,
	"duplicates" integer,
	"outcome" text NOT NULL,
	"reason" text,
	"status" integer NOT NULL,
	"code" text,
	"items" jsonb,
	"items_total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ingest_log_at_idx" ON "ingest_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ingest_log_agent_idx" ON "ingest_log" USING btree ("agent_id","id");--> statement-breakpoint
CREATE INDEX "ingest_log_refused_idx" ON "ingest_log" USING btree ("agent_id","at") WHERE outcome = 'refused';