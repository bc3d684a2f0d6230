-- One brand's game codes by business day summed over every agent with a column per bet type, one
-- row per (brand, day, code) instead of one per (brand, day, code, bet type), as 0028 did for the
-- brands: Game Daily By Game over all agents reads the rows it shows, and Game Monthly By Game sums
-- them per month. The rows per bet type grew with the ledger as rarer bet types met more codes (the
-- busiest brand's three months held 1,279 at 1M bets and 1,835 at 10M), while its (day, code) pairs
-- were 475 at both. Shared by every agent, so numeric like before (0014): it cannot overflow.
ALTER TABLE rollup_code_daily RENAME TO rollup_code_daily_by_type;
--> statement-breakpoint
-- Its key's name (and its index's) goes with it, for the new table's.
ALTER TABLE rollup_code_daily_by_type RENAME CONSTRAINT rollup_code_daily_pkey TO rollup_code_daily_by_type_pkey;
--> statement-breakpoint
CREATE TABLE rollup_code_daily (
  game_brand text COLLATE "C" NOT NULL,
  day date NOT NULL,
  game_code text COLLATE "C" NOT NULL,
  hold numeric NOT NULL DEFAULT 0,
  settle numeric NOT NULL DEFAULT 0,
  cancel numeric NOT NULL DEFAULT 0,
  void numeric NOT NULL DEFAULT 0,
  deposit numeric NOT NULL DEFAULT 0,
  withdraw numeric NOT NULL DEFAULT 0,
  promotion numeric NOT NULL DEFAULT 0,
  promotion_refund numeric NOT NULL DEFAULT 0,
  promotion_affiliate numeric NOT NULL DEFAULT 0,
  tx_count bigint NOT NULL,
  PRIMARY KEY (game_brand, day, game_code)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_code_daily (game_brand, day, game_code, hold, settle, cancel, void, deposit, withdraw, promotion, promotion_refund, promotion_affiliate, tx_count)
SELECT game_brand, day, game_code,
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
FROM rollup_code_daily_by_type
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;
--> statement-breakpoint
DROP TABLE rollup_code_daily_by_type;
