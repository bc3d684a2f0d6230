-- The ingest log keeps the params of the answer's first issue (`{maximum: 2}`, `{username: …}`) beside
-- its code, so the log screen can say it in the user's language with its numbers and names; the items
-- of `items` carry theirs in the JSON. Rows written before stay without (null): the screen words them
-- without the numbers.
ALTER TABLE "ingest_log" ADD COLUMN "params" jsonb;
