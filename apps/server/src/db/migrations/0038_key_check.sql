-- One TOTP key per deployment (issue 38). Two-factor secrets are sealed with TOTP_KEY (else a key
-- made in the process's own DATA_DIR); a process whose key differs from the one that sealed them
-- could not open them, and its code step failed. The first process to start seals a known text with
-- its key here; every later start opens it and refuses to start when it cannot (core/two-factor.ts).
CREATE TABLE "key_check" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
