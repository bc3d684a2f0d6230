import { type Placeholder, type SQL, sql } from 'drizzle-orm';

/**
 * The statement that adds players just created — the rows of `created`, a CTE or table with
 * `agent_id` and `created_at` — to the registered-players rollup (per agent and business month of
 * `created_at` in `timeZone`). Every insert into `users` runs it in the same transaction, with the
 * rows that insert returned, so the rollup always equals a count of the users table.
 */
export const countRegistrations = (created: SQL, timeZone: string | Placeholder): SQL =>
  sql`insert into rollup_registered_players (month, agent_id, players)
      select date_trunc('month', created_at at time zone ${timeZone}::text)::date, agent_id, count(*)
      from ${created}
      group by 1, 2
      order by 1, 2
      on conflict (month, agent_id) do update
        set players = rollup_registered_players.players + excluded.players`;
