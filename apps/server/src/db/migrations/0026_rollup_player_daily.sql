-- An agent's bets per player, business day and bet type: a deep link into the transaction list
-- filtered by a player (a numbered page without a cursor) walks that player's days from here and
-- skips rows inside one day of that player only, instead of OFFSET over every row of the player
-- before the page (DESIGN §11: a deep link costs at most twice page 1). Counts only: the reports sum
-- the other rollups. Days count in REPORT_TIMEZONE (the session setting sapi.report_timezone,
-- Asia/Bangkok when unset), as every daily rollup does.
CREATE TABLE rollup_player_daily (
  agent_id bigint NOT NULL,
  user_id bigint NOT NULL,
  day date NOT NULL,
  bet_type text COLLATE "C" NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, user_id, day, bet_type)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_player_daily (agent_id, user_id, day, bet_type, tx_count)
SELECT agent_id, user_id, (start_date AT TIME ZONE zone)::date AS day, bet_type, count(*)
FROM transactions, (SELECT coalesce(nullif(current_setting('sapi.report_timezone', true), ''), 'Asia/Bangkok') AS zone) AS z
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;
