-- An agent's bets per player and business day: a deep link into the transaction list filtered by a
-- player (a numbered page without a cursor) walks that player's days from here and skips rows inside
-- one day of that player only, instead of OFFSET over every row of the player before the page
-- (DESIGN §11: a deep link costs at most twice page 1). One count a day, not one per bet type: a
-- row per bet type doubled the rows every ingest batch upserts (a bet's HOLD and SETTLE), and the
-- upsert cost the ingest about 9 % of its throughput instead of about 7 %; a player's list filtered
-- by a bet type as well pages by OFFSET. Days count in REPORT_TIMEZONE (the session setting
-- sapi.report_timezone, Asia/Bangkok when unset), as every daily rollup does.
CREATE TABLE rollup_player_daily (
  agent_id bigint NOT NULL,
  user_id bigint NOT NULL,
  day date NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, user_id, day)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_player_daily (agent_id, user_id, day, tx_count)
SELECT agent_id, user_id, (start_date AT TIME ZONE zone)::date AS day, count(*)
FROM transactions, (SELECT coalesce(nullif(current_setting('sapi.report_timezone', true), ''), 'Asia/Bangkok') AS zone) AS z
GROUP BY 1, 2, 3
ORDER BY 1, 2, 3;
