-- One brand's game codes summed over every agent (Game Daily/Monthly By Game for all agents):
-- business day × brand × code × bet type, brand first. Read from the per-agent game rollup, such a
-- report fetched one row per agent for every row it shows, scattered over the table; here its
-- rows lie together in key order. Updated in place like the other rollups (nothing indexed
-- changes; room left on every page).
CREATE TABLE rollup_code_daily (
  game_brand text COLLATE "C" NOT NULL,
  day date NOT NULL,
  game_code text COLLATE "C" NOT NULL,
  bet_type text COLLATE "C" NOT NULL,
  amount bigint NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (game_brand, day, game_code, bet_type)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_code_daily (game_brand, day, game_code, bet_type, amount, tx_count)
SELECT game_brand, day, game_code, bet_type, sum(amount), sum(tx_count)
FROM rollup_game_daily GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
-- The per-agent game rollup is now read by agent only (its primary key).
DROP INDEX rollup_game_daily_brand_day_idx;
