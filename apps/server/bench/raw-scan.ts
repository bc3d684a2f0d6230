import { sql } from 'drizzle-orm';
import type { SumsSource } from '../src/ledger/readers/period-sums.ts';

/**
 * The reports as a generic back-office would compute them: a scan of the raw rows of the range,
 * shaped like a rollup table (business day, one count per row), grouped the same way. The bench
 * times it against the product's rollups; report.test.ts checks that both answer the same.
 */
export const rawScan: SumsSource = (q, tz) => ({
  from: sql`(select agent_id, (start_date at time zone ${tz})::date as day, game_brand, game_code, bet_type,
                    amount, 1 as tx_count
             from transactions
             where start_date >= (${q.range.from}::date::timestamp at time zone ${tz})
               and start_date < ((${q.range.to}::date + 1)::timestamp at time zone ${tz})) as raw`,
});
