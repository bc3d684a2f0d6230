-- One brand's game codes across every agent: the rows of a brand lie scattered over the whole
-- table (one heap page each), so the index carries every column the report reads and past days
-- are answered from the index alone.
DROP INDEX rollup_game_daily_brand_day_idx;
--> statement-breakpoint
CREATE INDEX rollup_game_daily_brand_day_idx ON rollup_game_daily (game_brand, day)
  INCLUDE (game_code, bet_type, agent_id, amount, tx_count);
