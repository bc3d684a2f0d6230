-- Rollup rows are counters, rewritten by every batch that touches them. An update can stay on its
-- page and add no index entries (a HOT update, pruned on the page without vacuum) only when no
-- index holds a column it changes and the page has room. The covering index of 0008 held
-- amount and tx_count, so every update wrote a new version elsewhere plus two index entries,
-- bloating the table and that index until ingest read them from disk. One brand's codes are found
-- by (game_brand, day) in a compact table that stays in memory.
DROP INDEX rollup_game_daily_brand_day_idx;
--> statement-breakpoint
CREATE INDEX rollup_game_daily_brand_day_idx ON rollup_game_daily (game_brand, day);
--> statement-breakpoint
-- Room on every page for the next versions of its rows.
ALTER TABLE rollup_game_daily SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE rollup_brand_daily SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE rollup_brand_monthly SET (fillfactor = 70);
--> statement-breakpoint
ALTER TABLE rollup_agent_daily SET (fillfactor = 70);
--> statement-breakpoint
-- Rewrite them once, compact and with that room, in key order (an agent's days lie together).
CLUSTER rollup_game_daily USING rollup_game_daily_pkey;
--> statement-breakpoint
CLUSTER rollup_brand_daily USING rollup_brand_daily_pkey;
--> statement-breakpoint
CLUSTER rollup_brand_monthly USING rollup_brand_monthly_pkey;
--> statement-breakpoint
CLUSTER rollup_agent_daily USING rollup_agent_daily_pkey;
