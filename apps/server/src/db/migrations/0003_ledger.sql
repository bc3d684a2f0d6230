-- The ledger (DESIGN §6). Written by hand: drizzle-kit does not model partitioned tables.
-- Bets are partitioned by month of start_date; partitions are made ahead by the server
-- (ensurePartitions) and a default partition takes any outlier.
CREATE SEQUENCE transactions_id_seq AS bigint;
--> statement-breakpoint
CREATE TABLE transactions (
  id bigint NOT NULL,
  agent_id bigint NOT NULL,
  user_id bigint NOT NULL,
  username text NOT NULL,
  bet_id text NOT NULL,
  bet_type text NOT NULL CHECK (bet_type IN ('HOLD','SETTLE','CANCEL','VOID','DEPOSIT','WITHDRAW','PROMOTION','PROMOTION_REFUND','PROMOTION_AFFILIATE')),
  bet_type_from_game text NOT NULL,
  game_brand text NOT NULL,
  game_code text NOT NULL,
  amount bigint NOT NULL,
  start_date timestamptz NOT NULL,
  end_date timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
) PARTITION BY RANGE (start_date);
--> statement-breakpoint
CREATE TABLE transactions_default PARTITION OF transactions DEFAULT;
--> statement-breakpoint
-- The list: one agent's bets newest first (keyset on start_date, id).
CREATE INDEX transactions_agent_time_idx ON transactions (agent_id, start_date DESC, id DESC);
--> statement-breakpoint
CREATE INDEX transactions_user_time_idx ON transactions (user_id, start_date DESC, id DESC);
--> statement-breakpoint
CREATE INDEX transactions_id_idx ON transactions (id);
--> statement-breakpoint
-- Uniqueness of (agent, betId, betType) across every partition, and the way to a bet's rows by bet id.
CREATE TABLE transaction_keys (
  agent_id bigint NOT NULL,
  bet_id text NOT NULL,
  bet_type text NOT NULL,
  start_date timestamptz NOT NULL,
  tx_id bigint NOT NULL,
  PRIMARY KEY (agent_id, bet_id, bet_type)
);
--> statement-breakpoint
-- Rollups, kept in the same transaction as the rows they sum; days are business days in REPORT_TIMEZONE.
CREATE TABLE rollup_game_daily (
  agent_id bigint NOT NULL,
  day date NOT NULL,
  game_brand text NOT NULL,
  game_code text NOT NULL,
  bet_type text NOT NULL,
  amount bigint NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, day, game_brand, game_code, bet_type)
);
--> statement-breakpoint
CREATE INDEX rollup_game_daily_day_idx ON rollup_game_daily (day, game_brand);
--> statement-breakpoint
CREATE TABLE rollup_agent_daily (
  agent_id bigint NOT NULL,
  day date NOT NULL,
  bet_type text NOT NULL,
  amount bigint NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, day, bet_type)
);
--> statement-breakpoint
CREATE INDEX rollup_agent_daily_day_idx ON rollup_agent_daily (day);
