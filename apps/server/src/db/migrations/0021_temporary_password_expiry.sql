-- A temporary password from an administrator's reset works until this moment (DESIGN §13: it must be
-- changed at the next sign-in; one left unused is not a standing credential). Null: no expiry (an
-- account's own password, or the first start's generated one).
ALTER TABLE "admins" ADD COLUMN "temporary_password_expires_at" timestamp with time zone;
