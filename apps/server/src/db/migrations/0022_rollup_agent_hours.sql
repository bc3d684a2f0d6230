-- A business day's bets per hour since the day began (h00 = its first hour; h23 also holds the
-- 25th hour of a day that ends summer time), kept in the daily row the ingest statement already
-- updates: no extra row or index probe per batch. A deep link into the transaction list (a numbered
-- page without a cursor) finds its day from the daily counts, its hour from these, and skips rows
-- inside that one hour only (DESIGN §11: a deep link costs at most twice page 1). Hours count from
-- the start of the business day in REPORT_TIMEZONE (the session setting sapi.report_timezone,
-- Asia/Bangkok when unset), so each bet falls in exactly one hour of its day in any zone, half-hour
-- offsets and summer time included.
ALTER TABLE rollup_agent_daily
  ADD COLUMN h00 integer NOT NULL DEFAULT 0,
  ADD COLUMN h01 integer NOT NULL DEFAULT 0,
  ADD COLUMN h02 integer NOT NULL DEFAULT 0,
  ADD COLUMN h03 integer NOT NULL DEFAULT 0,
  ADD COLUMN h04 integer NOT NULL DEFAULT 0,
  ADD COLUMN h05 integer NOT NULL DEFAULT 0,
  ADD COLUMN h06 integer NOT NULL DEFAULT 0,
  ADD COLUMN h07 integer NOT NULL DEFAULT 0,
  ADD COLUMN h08 integer NOT NULL DEFAULT 0,
  ADD COLUMN h09 integer NOT NULL DEFAULT 0,
  ADD COLUMN h10 integer NOT NULL DEFAULT 0,
  ADD COLUMN h11 integer NOT NULL DEFAULT 0,
  ADD COLUMN h12 integer NOT NULL DEFAULT 0,
  ADD COLUMN h13 integer NOT NULL DEFAULT 0,
  ADD COLUMN h14 integer NOT NULL DEFAULT 0,
  ADD COLUMN h15 integer NOT NULL DEFAULT 0,
  ADD COLUMN h16 integer NOT NULL DEFAULT 0,
  ADD COLUMN h17 integer NOT NULL DEFAULT 0,
  ADD COLUMN h18 integer NOT NULL DEFAULT 0,
  ADD COLUMN h19 integer NOT NULL DEFAULT 0,
  ADD COLUMN h20 integer NOT NULL DEFAULT 0,
  ADD COLUMN h21 integer NOT NULL DEFAULT 0,
  ADD COLUMN h22 integer NOT NULL DEFAULT 0,
  ADD COLUMN h23 integer NOT NULL DEFAULT 0;
--> statement-breakpoint
UPDATE rollup_agent_daily r SET h00 = c.h00, h01 = c.h01, h02 = c.h02, h03 = c.h03, h04 = c.h04, h05 = c.h05, h06 = c.h06, h07 = c.h07, h08 = c.h08, h09 = c.h09, h10 = c.h10, h11 = c.h11, h12 = c.h12, h13 = c.h13, h14 = c.h14, h15 = c.h15, h16 = c.h16, h17 = c.h17, h18 = c.h18, h19 = c.h19, h20 = c.h20, h21 = c.h21, h22 = c.h22, h23 = c.h23
FROM (
  SELECT agent_id, day, bet_type,
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
    SELECT agent_id, day, bet_type,
           least(23, floor((date_part('epoch', start_date)
                            - date_part('epoch', day::timestamp AT TIME ZONE zone)) / 3600))::int AS hour
    FROM (SELECT agent_id, bet_type, start_date, zone, (start_date AT TIME ZONE zone)::date AS day
          FROM transactions, (SELECT coalesce(nullif(current_setting('sapi.report_timezone', true), ''), 'Asia/Bangkok') AS zone) AS z) AS t
  ) AS t
  GROUP BY agent_id, day, bet_type
) AS c
WHERE r.agent_id = c.agent_id AND r.day = c.day AND r.bet_type = c.bet_type;
