-- An agent's bets per business day, game brand, bet type and hour since the day began (as 0022
-- keeps them per agent, day and bet type): a deep link into the transaction list filtered by a game
-- brand (a numbered page without a cursor) finds its day from rollup_brand_daily, its hour from
-- these, and skips rows inside that one hour only, instead of up to half a day of the agent's rows
-- (DESIGN §11: a deep link costs at most twice page 1). A table of its own, so the brand reports
-- do not read 24 more columns a row. Hours count as in 0022, from the start of the business day in
-- REPORT_TIMEZONE (the session setting sapi.report_timezone, Asia/Bangkok when unset).
CREATE TABLE rollup_brand_hours (
  agent_id bigint NOT NULL,
  day date NOT NULL,
  game_brand text COLLATE "C" NOT NULL,
  bet_type text COLLATE "C" NOT NULL,
  h00 integer NOT NULL DEFAULT 0,
  h01 integer NOT NULL DEFAULT 0,
  h02 integer NOT NULL DEFAULT 0,
  h03 integer NOT NULL DEFAULT 0,
  h04 integer NOT NULL DEFAULT 0,
  h05 integer NOT NULL DEFAULT 0,
  h06 integer NOT NULL DEFAULT 0,
  h07 integer NOT NULL DEFAULT 0,
  h08 integer NOT NULL DEFAULT 0,
  h09 integer NOT NULL DEFAULT 0,
  h10 integer NOT NULL DEFAULT 0,
  h11 integer NOT NULL DEFAULT 0,
  h12 integer NOT NULL DEFAULT 0,
  h13 integer NOT NULL DEFAULT 0,
  h14 integer NOT NULL DEFAULT 0,
  h15 integer NOT NULL DEFAULT 0,
  h16 integer NOT NULL DEFAULT 0,
  h17 integer NOT NULL DEFAULT 0,
  h18 integer NOT NULL DEFAULT 0,
  h19 integer NOT NULL DEFAULT 0,
  h20 integer NOT NULL DEFAULT 0,
  h21 integer NOT NULL DEFAULT 0,
  h22 integer NOT NULL DEFAULT 0,
  h23 integer NOT NULL DEFAULT 0,
  PRIMARY KEY (agent_id, day, game_brand, bet_type)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_brand_hours (agent_id, day, game_brand, bet_type, h00, h01, h02, h03, h04, h05, h06, h07, h08, h09, h10, h11, h12, h13, h14, h15, h16, h17, h18, h19, h20, h21, h22, h23)
SELECT agent_id, day, game_brand, bet_type,
       count(*) FILTER (WHERE hour = 0)::int AS h00,
       count(*) FILTER (WHERE hour = 1)::int AS h01,
       count(*) FILTER (WHERE hour = 2)::int AS h02,
       count(*) FILTER (WHERE hour = 3)::int AS h03,
       count(*) FILTER (WHERE hour = 4)::int AS h04,
       count(*) FILTER (WHERE hour = 5)::int AS h05,
       count(*) FILTER (WHERE hour = 6)::int AS h06,
       count(*) FILTER (WHERE hour = 7)::int AS h07,
       count(*) FILTER (WHERE hour = 8)::int AS h08,
       count(*) FILTER (WHERE hour = 9)::int AS h09,
       count(*) FILTER (WHERE hour = 10)::int AS h10,
       count(*) FILTER (WHERE hour = 11)::int AS h11,
       count(*) FILTER (WHERE hour = 12)::int AS h12,
       count(*) FILTER (WHERE hour = 13)::int AS h13,
       count(*) FILTER (WHERE hour = 14)::int AS h14,
       count(*) FILTER (WHERE hour = 15)::int AS h15,
       count(*) FILTER (WHERE hour = 16)::int AS h16,
       count(*) FILTER (WHERE hour = 17)::int AS h17,
       count(*) FILTER (WHERE hour = 18)::int AS h18,
       count(*) FILTER (WHERE hour = 19)::int AS h19,
       count(*) FILTER (WHERE hour = 20)::int AS h20,
       count(*) FILTER (WHERE hour = 21)::int AS h21,
       count(*) FILTER (WHERE hour = 22)::int AS h22,
       count(*) FILTER (WHERE hour = 23)::int AS h23
FROM (
  SELECT agent_id, day, game_brand, bet_type,
         least(23, floor((date_part('epoch', start_date)
                          - date_part('epoch', day::timestamp AT TIME ZONE zone)) / 3600))::int AS hour
  FROM (SELECT agent_id, game_brand, bet_type, start_date, zone, (start_date AT TIME ZONE zone)::date AS day
        FROM transactions, (SELECT coalesce(nullif(current_setting('sapi.report_timezone', true), ''), 'Asia/Bangkok') AS zone) AS z) AS t
) AS t
GROUP BY 1, 2, 3, 4
ORDER BY 1, 2, 3, 4;
