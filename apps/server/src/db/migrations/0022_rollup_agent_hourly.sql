-- Bets per agent, UTC hour of start_date and bet type. A deep link into the transaction list (a
-- numbered page without a cursor) finds the business day its page starts on from the daily rollup,
-- then the hour inside that day from this one, and skips rows inside that hour only: at most an
-- hour's rows of one agent, not a day's (DESIGN §11: a deep link costs at most twice page 1). UTC
-- hours, so a report time zone with a half-hour offset or daylight saving still buckets every bet
-- once; an hour a business day or the list's range cuts is counted from the rows.
CREATE TABLE rollup_agent_hourly (
  agent_id bigint NOT NULL,
  hour timestamp NOT NULL,
  bet_type text COLLATE "C" NOT NULL,
  tx_count bigint NOT NULL,
  PRIMARY KEY (agent_id, hour, bet_type)
) WITH (fillfactor = 70);
--> statement-breakpoint
INSERT INTO rollup_agent_hourly (agent_id, hour, bet_type, tx_count)
SELECT agent_id, date_trunc('hour', start_date AT TIME ZONE 'UTC'), bet_type, count(*)
FROM transactions GROUP BY 1, 2, 3 ORDER BY 1, 2, 3;
