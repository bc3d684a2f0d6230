-- Agent × business month × game brand × bet type: a year of the per-brand monthly report reads a
-- few thousand rows instead of every day of every brand (DESIGN §11).
CREATE TABLE rollup_brand_monthly (
  agent_id bigint NOT NULL,
  month date NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
  bet_type text COLLATE "C" NOT NULL,
  amount bigint NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, month, game_brand, bet_type)
);
--> statement-breakpoint
CREATE INDEX rollup_brand_monthly_month_idx ON rollup_brand_monthly (month);
--> statement-breakpoint
INSERT INTO rollup_brand_monthly (agent_id, month, game_brand, bet_type, amount, tx_count)
SELECT agent_id, date_trunc('month', day::timestamp)::date, game_brand, bet_type, sum(amount), sum(tx_count)
FROM rollup_brand_daily GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- Game codes of one brand across every agent: brand first, so the range holds that brand only.
DROP INDEX rollup_game_daily_day_idx;
--> statement-breakpoint
CREATE INDEX rollup_game_daily_brand_day_idx ON rollup_game_daily (game_brand, day);
