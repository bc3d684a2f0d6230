-- Agent × game brand × business month × game code × bet type: a year of one agent's Game Monthly By
-- Game reads a row per month, code and bet type instead of one per day. Summed from the daily rows,
-- such a report read a row for every (day, code, bet type) that saw a bet, each on a page of its
-- own, so its cost grew with how busy the agent was (DESIGN §11: flat as the ledger grows). Keyed
-- like the daily game rollup (0023), updated in place like the other rollups (0010).
CREATE TABLE rollup_game_monthly (
  agent_id bigint NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
  month date NOT NULL,
  game_code text COLLATE "C" NOT NULL,
  bet_type text COLLATE "C" NOT NULL,
  amount bigint NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, game_brand, month, game_code, bet_type)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_game_monthly (agent_id, game_brand, month, game_code, bet_type, amount, tx_count)
SELECT agent_id, game_brand, day - (date_part('day', day)::int - 1), game_code, bet_type, sum(amount), sum(tx_count)
FROM rollup_game_daily GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5;
