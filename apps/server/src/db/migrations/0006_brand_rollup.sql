-- Agent × business day × game brand × bet type: the per-brand reports and the dashboard's top
-- brands read this instead of summing every game code of rollup_game_daily (DESIGN §11).
CREATE TABLE rollup_brand_daily (
  agent_id bigint NOT NULL,
  day date NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
  bet_type text COLLATE "C" NOT NULL,
  amount bigint NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, day, game_brand, bet_type)
);
--> statement-breakpoint
CREATE INDEX rollup_brand_daily_day_idx ON rollup_brand_daily (day);
--> statement-breakpoint
-- Ledgers written before this table existed: it starts equal to the finer rollup it coarsens.
INSERT INTO rollup_brand_daily (agent_id, day, game_brand, bet_type, amount, tx_count)
SELECT agent_id, day, game_brand, bet_type, sum(amount), sum(tx_count)
FROM rollup_game_daily GROUP BY agent_id, day, game_brand, bet_type;
