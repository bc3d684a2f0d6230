-- One agent's game codes per business day (and per month) with a column per bet type, one row per
-- (agent, brand, day, code) instead of one per bet type too, as 0027 did for the brands and 0031 for
-- the codes over every agent: Game Daily By Game of one agent reads the rows it shows, and the ingest
-- upserts one row per code a batch touched, not one per code and bet type. The rows per bet type grew
-- with the ledger as rarer bet types met more codes (a month of the busiest agent's busiest brand: 2.3
-- rows per day and code at 1M bets, 3.8 at 10M). Amounts in minor units, bigint per agent as before
-- (a sum that leaves the range refuses the batch). Keyed like 0023 and 0024: a brand's rows lie
-- together, in period order.
ALTER TABLE rollup_game_daily RENAME TO rollup_game_daily_by_type;
--> statement-breakpoint
-- Its key's name (and its index's) goes with it, for the new table's.
ALTER TABLE rollup_game_daily_by_type RENAME CONSTRAINT rollup_game_daily_pkey TO rollup_game_daily_by_type_pkey;
--> statement-breakpoint
CREATE TABLE rollup_game_daily (
  agent_id bigint NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
  day date NOT NULL,
  game_code text COLLATE "C" NOT NULL,
  hold bigint NOT NULL DEFAULT 0,
  settle bigint NOT NULL DEFAULT 0,
  cancel bigint NOT NULL DEFAULT 0,
  void bigint NOT NULL DEFAULT 0,
  deposit bigint NOT NULL DEFAULT 0,
  withdraw bigint NOT NULL DEFAULT 0,
  promotion bigint NOT NULL DEFAULT 0,
  promotion_refund bigint NOT NULL DEFAULT 0,
  promotion_affiliate bigint NOT NULL DEFAULT 0,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, game_brand, day, game_code)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_game_daily (agent_id, game_brand, day, game_code, hold, settle, cancel, void, deposit, withdraw, promotion, promotion_refund, promotion_affiliate, tx_count)
SELECT agent_id, game_brand, day, game_code,
       coalesce(sum(amount) FILTER (WHERE bet_type = 'HOLD'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'SETTLE'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'CANCEL'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'VOID'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'DEPOSIT'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'WITHDRAW'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'PROMOTION'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'PROMOTION_REFUND'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'PROMOTION_AFFILIATE'), 0),
       sum(tx_count)
FROM rollup_game_daily_by_type
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
DROP TABLE rollup_game_daily_by_type;
--> statement-breakpoint
ALTER TABLE rollup_game_monthly RENAME TO rollup_game_monthly_by_type;
--> statement-breakpoint
-- Its key's name (and its index's) goes with it, for the new table's.
ALTER TABLE rollup_game_monthly_by_type RENAME CONSTRAINT rollup_game_monthly_pkey TO rollup_game_monthly_by_type_pkey;
--> statement-breakpoint
CREATE TABLE rollup_game_monthly (
  agent_id bigint NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
  month date NOT NULL,
  game_code text COLLATE "C" NOT NULL,
  hold bigint NOT NULL DEFAULT 0,
  settle bigint NOT NULL DEFAULT 0,
  cancel bigint NOT NULL DEFAULT 0,
  void bigint NOT NULL DEFAULT 0,
  deposit bigint NOT NULL DEFAULT 0,
  withdraw bigint NOT NULL DEFAULT 0,
  promotion bigint NOT NULL DEFAULT 0,
  promotion_refund bigint NOT NULL DEFAULT 0,
  promotion_affiliate bigint NOT NULL DEFAULT 0,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, game_brand, month, game_code)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_game_monthly (agent_id, game_brand, month, game_code, hold, settle, cancel, void, deposit, withdraw, promotion, promotion_refund, promotion_affiliate, tx_count)
SELECT agent_id, game_brand, month, game_code,
       coalesce(sum(amount) FILTER (WHERE bet_type = 'HOLD'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'SETTLE'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'CANCEL'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'VOID'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'DEPOSIT'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'WITHDRAW'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'PROMOTION'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'PROMOTION_REFUND'), 0),
       coalesce(sum(amount) FILTER (WHERE bet_type = 'PROMOTION_AFFILIATE'), 0),
       sum(tx_count)
FROM rollup_game_monthly_by_type
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
DROP TABLE rollup_game_monthly_by_type;
