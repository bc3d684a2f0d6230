-- Players active per business month (a row per player with at least one bet that month), for the
-- dashboard's active-player ratio without counting distinct over raw rows.
CREATE TABLE rollup_player_month (
  month date NOT NULL,
  agent_id bigint NOT NULL,
  user_id bigint NOT NULL,
  PRIMARY KEY (month, agent_id, user_id)
);
--> statement-breakpoint
-- Looking up one bet id across agents (Transaction detail from the summary hub).
CREATE INDEX transaction_keys_bet_idx ON transaction_keys (bet_id);
