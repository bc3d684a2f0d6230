-- The per-agent game rollup is read for one agent and one brand only (Game Daily/Monthly By Game of
-- one agent). Keyed (agent, day, brand, ...), such a report walked every brand's rows of the agent's
-- days and kept one brand's: the rows passed over grew with how many brands and codes saw bets.
-- Keyed (agent, brand, day, ...), the brand's rows lie together in the index, in day order.
ALTER TABLE rollup_game_daily DROP CONSTRAINT rollup_game_daily_pkey;
--> statement-breakpoint
ALTER TABLE rollup_game_daily ADD PRIMARY KEY (agent_id, game_brand, day, game_code, bet_type);
--> statement-breakpoint
-- Rewritten once in the new key order, with the room left for in-place updates (0010).
CLUSTER rollup_game_daily USING rollup_game_daily_pkey;
