-- Game brand × business day summed over every agent with a column per bet type, one row per (day,
-- brand) instead of one per (day, brand, bet type), as 0027 did for one agent's: game daily over
-- all agents reads the rows it shows, and the dashboard's daily chart sums a month of them per day.
-- A month held a row per bet type each (day, brand) saw, 889 at 1M bets and 1,012 at 30M as rarer
-- bet types met more brands; now a row per (day, brand), bounded by the catalogue. Shared by every
-- agent, so numeric like before (0018): it cannot overflow.
ALTER TABLE rollup_brand_day_all RENAME TO rollup_brand_day_all_by_type;
--> statement-breakpoint
-- Its key's name (and its index's) goes with it, for the new table's.
ALTER TABLE rollup_brand_day_all_by_type RENAME CONSTRAINT rollup_brand_day_all_pkey TO rollup_brand_day_all_by_type_pkey;
--> statement-breakpoint
CREATE TABLE rollup_brand_day_all (
  day date NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
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
  PRIMARY KEY (day, game_brand)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_brand_day_all (day, game_brand, hold, settle, cancel, void, deposit, withdraw, promotion, promotion_refund, promotion_affiliate, tx_count)
SELECT day, game_brand,
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
FROM rollup_brand_day_all_by_type
GROUP BY 1, 2
ORDER BY 1, 2;
--> statement-breakpoint
DROP TABLE rollup_brand_day_all_by_type;
