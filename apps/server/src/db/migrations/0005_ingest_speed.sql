-- Ingest speed (DESIGN §11). Bet ids, bet types and game codes are ASCII identifiers: compare them
-- byte-wise. Under the database's default collation (e.g. libc C.UTF-8) every B-tree comparison of
-- these keys is a strcoll() call, the largest single cost of storing a batch.
ALTER TABLE transaction_keys
  ALTER COLUMN bet_id TYPE text COLLATE "C",
  ALTER COLUMN bet_type TYPE text COLLATE "C";
--> statement-breakpoint
-- Bet id first: the same key serves the look-up of one bet id across agents, so the separate
-- bet-id index (one more index write per row) goes.
ALTER TABLE transaction_keys DROP CONSTRAINT transaction_keys_pkey;
--> statement-breakpoint
ALTER TABLE transaction_keys ADD PRIMARY KEY (bet_id, agent_id, bet_type);
--> statement-breakpoint
DROP INDEX transaction_keys_bet_idx;
--> statement-breakpoint
ALTER TABLE rollup_game_daily
  ALTER COLUMN game_brand TYPE text COLLATE "C",
  ALTER COLUMN game_code TYPE text COLLATE "C",
  ALTER COLUMN bet_type TYPE text COLLATE "C";
--> statement-breakpoint
ALTER TABLE rollup_agent_daily ALTER COLUMN bet_type TYPE text COLLATE "C";
