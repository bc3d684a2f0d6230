-- The agent side asks for sharing percentage changes (docs/design.md §16): a request by an agent or one
-- of its operators has no staff account behind it, so it names its asker by sign-in name instead.
ALTER TABLE "approvals" ALTER COLUMN "requested_by" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "requested_by_name" text;
--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requester" CHECK ("requested_by" IS NOT NULL OR "requested_by_name" IS NOT NULL);
