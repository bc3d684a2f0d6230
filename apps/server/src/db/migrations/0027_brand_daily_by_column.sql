-- An agent's sums per business day and game brand with a column per bet type, one row per (day,
-- brand) instead of one per (day, brand, bet type): the agent's game report by brand and day reads
-- the rows it shows (a month of the busiest agent: 279 rows at every ledger size, where the rows per
-- bet type grew with the ledger, 705 at 1M bets to 1,248 at 30M, as more of the catalogue's
-- combinations saw a bet), and the ingest upserts one row per (day, brand) of a batch. Amounts in
-- minor units, bigint per agent as before (a sum that leaves the range refuses the batch). A deep
-- link filtered by a brand counts its days from rollup_brand_hours (0025), which keeps the bet type.
ALTER TABLE rollup_brand_daily RENAME TO rollup_brand_daily_by_type;
--> statement-breakpoint
-- Its key's name (and its index's) goes with it, for the new table's.
ALTER TABLE rollup_brand_daily_by_type RENAME CONSTRAINT rollup_brand_daily_pkey TO rollup_brand_daily_by_type_pkey;
--> statement-breakpoint
CREATE TABLE rollup_brand_daily (
  agent_id bigint NOT NULL,
  day date NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
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
  PRIMARY KEY (agent_id, day, game_brand)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_brand_daily (agent_id, day, game_brand, hold, settle, cancel, void, deposit, withdraw, promotion, promotion_refund, promotion_affiliate, tx_count)
SELECT agent_id, day, game_brand,
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
FROM rollup_brand_daily_by_type
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;
--> statement-breakpoint
DROP TABLE rollup_brand_daily_by_type;
