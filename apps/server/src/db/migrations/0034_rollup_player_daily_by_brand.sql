-- An agent's bets per player, business day and game brand, with a count per bet type side by side
-- (the bet type's name in lower case, as the sum rollups name theirs): a deep link into the
-- transaction list filtered by a player (or a username search naming few players) and by a brand or
-- a bet type walks that player's days from here as the player's whole list does, instead of OFFSET
-- over every row of the player before the page (DESIGN §11: a deep link costs at most twice page
-- 1). One row per (player, day, brand), not per bet type: a bet's HOLD and SETTLE add into one row.
-- The player's whole day is the sum of its brands' rows. Days count in REPORT_TIMEZONE (the session
-- setting sapi.report_timezone, Asia/Bangkok when unset), as every daily rollup does.
ALTER TABLE rollup_player_daily RENAME TO rollup_player_daily_total;
--> statement-breakpoint
ALTER TABLE rollup_player_daily_total RENAME CONSTRAINT rollup_player_daily_pkey TO rollup_player_daily_total_pkey;
--> statement-breakpoint
CREATE TABLE rollup_player_daily (
  agent_id bigint NOT NULL,
  user_id bigint NOT NULL,
  day date NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
  hold integer NOT NULL DEFAULT 0,
  settle integer NOT NULL DEFAULT 0,
  cancel integer NOT NULL DEFAULT 0,
  void integer NOT NULL DEFAULT 0,
  deposit integer NOT NULL DEFAULT 0,
  withdraw integer NOT NULL DEFAULT 0,
  promotion integer NOT NULL DEFAULT 0,
  promotion_refund integer NOT NULL DEFAULT 0,
  promotion_affiliate integer NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, user_id, day, game_brand)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_player_daily (agent_id, user_id, day, game_brand, hold, settle, cancel, void, deposit, withdraw, promotion, promotion_refund, promotion_affiliate)
SELECT agent_id, user_id, day, game_brand,
       count(*) FILTER (WHERE bet_type = 'HOLD'),
       count(*) FILTER (WHERE bet_type = 'SETTLE'),
       count(*) FILTER (WHERE bet_type = 'CANCEL'),
       count(*) FILTER (WHERE bet_type = 'VOID'),
       count(*) FILTER (WHERE bet_type = 'DEPOSIT'),
       count(*) FILTER (WHERE bet_type = 'WITHDRAW'),
       count(*) FILTER (WHERE bet_type = 'PROMOTION'),
       count(*) FILTER (WHERE bet_type = 'PROMOTION_REFUND'),
       count(*) FILTER (WHERE bet_type = 'PROMOTION_AFFILIATE')
FROM (SELECT agent_id, user_id, (start_date AT TIME ZONE zone)::date AS day, game_brand, bet_type
      FROM transactions,
           (SELECT coalesce(nullif(current_setting('sapi.report_timezone', true), ''), 'Asia/Bangkok') AS zone) AS z
     ) AS t
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;
--> statement-breakpoint
DROP TABLE rollup_player_daily_total;
