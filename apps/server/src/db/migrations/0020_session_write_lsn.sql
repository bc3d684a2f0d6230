-- Read-your-writes with a read replica (DATABASE_READ_URL): the primary's WAL position after the
-- session's latest write; its reads stay on the primary until the replica has replayed past it.
ALTER TABLE "sessions" ADD COLUMN "write_lsn" pg_lsn;
