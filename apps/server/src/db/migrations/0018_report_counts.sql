-- Game brand × business day × bet type summed over every agent (game daily over all agents): a
-- month of it is one row per brand, day and bet type, where the code rollup held ~3 game codes per
-- row shown. Shared by every agent, so numeric like rollup_code_daily (0014): it cannot overflow.
CREATE TABLE rollup_brand_day_all (
  day date NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
  bet_type text COLLATE "C" NOT NULL,
  amount numeric NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (day, game_brand, bet_type)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_brand_day_all (day, game_brand, bet_type, amount, tx_count)
SELECT day, game_brand, bet_type, sum(amount), sum(tx_count)
FROM rollup_code_daily GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
--> statement-breakpoint
-- Players active per agent and business month: the number of rows of rollup_player_month for that
-- month and agent, advanced by the rows an ingest batch newly inserts there (ON CONFLICT DO NOTHING
-- returns only those, so a player racing in two batches is counted once). The dashboard sums a row
-- per agent instead of counting every active player.
CREATE TABLE rollup_active_players (
  month date NOT NULL,
  agent_id bigint NOT NULL,
  players bigint NOT NULL,
  PRIMARY KEY (month, agent_id)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_active_players (month, agent_id, players)
SELECT month, agent_id, count(*) FROM rollup_player_month GROUP BY 1, 2 ORDER BY 1, 2;
--> statement-breakpoint
-- Players registered per agent and business month (of created_at in REPORT_TIMEZONE), advanced in
-- the transaction that creates them; registered players by the end of a month = the sum up to it.
-- The backfill reads the zone from the session setting sapi.report_timezone (the server sets it
-- from REPORT_TIMEZONE), Asia/Bangkok when unset.
CREATE TABLE rollup_registered_players (
  month date NOT NULL,
  agent_id bigint NOT NULL,
  players bigint NOT NULL,
  PRIMARY KEY (month, agent_id)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_registered_players (month, agent_id, players)
SELECT date_trunc('month', created_at AT TIME ZONE coalesce(nullif(current_setting('sapi.report_timezone', true), ''), 'Asia/Bangkok'))::date,
       agent_id, count(*)
FROM users GROUP BY 1, 2 ORDER BY 1, 2;
