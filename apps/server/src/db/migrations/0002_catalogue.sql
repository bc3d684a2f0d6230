CREATE TABLE "adapters" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"codename" text NOT NULL,
	"endpoint" text NOT NULL,
	"type" text NOT NULL,
	"logo" text NOT NULL,
	"is_disable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adapters_codename_unique" UNIQUE("codename")
);
--> statement-breakpoint
CREATE TABLE "agent_operators" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"type" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_sharing" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"parent_agent_id" bigint NOT NULL,
	"parent_bp" integer NOT NULL,
	"is_disable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_sharing_not_self" CHECK ("agent_sharing"."agent_id" <> "agent_sharing"."parent_agent_id"),
	CONSTRAINT "agent_sharing_bp_range" CHECK ("agent_sharing"."parent_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"endpoint" text NOT NULL,
	"games" text[] DEFAULT '{}'::text[] NOT NULL,
	"prefix" text NOT NULL,
	"code" text NOT NULL,
	"secret" text NOT NULL,
	"api_key" text NOT NULL,
	"agent_type" text NOT NULL,
	"created_by" text,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_prefix_unique" UNIQUE("prefix"),
	CONSTRAINT "agents_code_unique" UNIQUE("code"),
	CONSTRAINT "agents_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"username" text NOT NULL,
	"bet_limit" bigint NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"active_game_playing" text,
	"last_game_playing" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_bet_limit_non_negative" CHECK ("users"."bet_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "agent_operators" ADD CONSTRAINT "agent_operators_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sharing" ADD CONSTRAINT "agent_sharing_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_sharing" ADD CONSTRAINT "agent_sharing_parent_agent_id_agents_id_fk" FOREIGN KEY ("parent_agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "adapters_created_at_idx" ON "adapters" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_operators_agent_username_key" ON "agent_operators" USING btree ("agent_id",lower("username")) WHERE "agent_operators"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_sharing_one_enabled_key" ON "agent_sharing" USING btree ("agent_id") WHERE not "agent_sharing"."is_disable";--> statement-breakpoint
CREATE INDEX "agent_sharing_parent_idx" ON "agent_sharing" USING btree ("parent_agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agents_username_lower_key" ON "agents" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "agents_created_at_idx" ON "agents" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_live_key" ON "users" USING btree (lower("username")) WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_agent_created_idx" ON "users" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");