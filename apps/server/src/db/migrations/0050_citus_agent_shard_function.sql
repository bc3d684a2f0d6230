-- One agent's statements on its own worker on Citus (docs/scaling.md §4): where the citus extension
-- is present, a function that runs a statement reading and writing one agent's rows — an ingest batch,
-- the players it creates, a deep link into the transaction list — on the worker holding that agent,
-- against its co-located shards, and answers its one row as JSON (a read is wrapped by the caller
-- into one row holding its rows). Citus delegates a call of it to that
-- worker (create_distributed_function, distributed by its `agent` argument, co-located with the
-- players; force_delegation, so that it is delegated inside a transaction too). Without the extension
-- (PGlite, plain PostgreSQL) the migration does nothing: there each statement runs on the one database.
--
-- Why shards by name: Citus router-plans no INSERT in a common table expression, so the batch's
-- statement (a data-modifying CTE per table) cannot be planned against the distributed tables even on
-- the worker, and it plans the deep link's recursive walk as subplans through the coordinator; against
-- the shards of one shard group each is a plain PostgreSQL statement on that node. A statement names
-- tables as on one node; each co-located ledger table and each reference table (a full copy on every
-- node) is renamed to its shard on this node before it runs. A shard that is not on this node (a call
-- not delegated, or a shard moving) refuses the statement with a serialization failure, which the
-- caller's retry runs again.
--
-- A statement is prepared once per worker connection and shard group (named by a digest of its text
-- and the group's shard), so a call renames nothing again and it is planned as on one node. `params`
-- are its values as text, in the order of its placeholders, which the caller rewrote to `$1[n]`.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RETURN;
  END IF;
  PERFORM set_config('citus.multi_shard_modify_mode', 'sequential', true);
  -- The settings the server gives its own sessions (db/session-settings.ts), for the statement on the
  -- worker's session, which Citus opened with the worker's defaults: UTC, and no JIT (it compiled a deep
  -- link's plan for seconds).
  CREATE FUNCTION sapi_on_agent_shard(agent bigint, stmt text, params text[]) RETURNS jsonb
  LANGUAGE plpgsql SET jit = off SET "TimeZone" = 'UTC' AS $fn$
  DECLARE
    -- The statement as prepared for this agent's shard group on this connection: its text and group.
    prepared text := 'sapi_shard_' || md5(stmt) || '_' || get_shard_id_for_distribution_column('users', agent);
    t record;
    shard text;
    res record;
  BEGIN
    IF NOT EXISTS (SELECT 1 FROM pg_prepared_statements WHERE name = prepared) THEN
      FOR t IN
        SELECT p.logicalrelid::regclass::text AS name, p.partmethod = 'n' AS reference
        FROM pg_dist_partition p
        WHERE (p.colocationid = (SELECT colocationid FROM pg_dist_partition WHERE logicalrelid = 'users'::regclass)
               -- partitions are reached through their parent's shard
               AND NOT EXISTS (SELECT 1 FROM pg_inherits i WHERE i.inhrelid = p.logicalrelid))
           OR (p.partmethod = 'n' AND p.repmodel = 't')
      LOOP
        shard := shard_name(t.name::regclass,
                            get_shard_id_for_distribution_column(t.name::regclass,
                                                                 CASE WHEN t.reference THEN NULL ELSE agent END));
        IF to_regclass(shard) IS NULL THEN
          RAISE EXCEPTION 'shard % of agent % is not on this node', shard, agent USING ERRCODE = '40001';
        END IF;
        stmt := regexp_replace(stmt, '\m' || t.name || '\M', shard, 'g');
      END LOOP;
      EXECUTE format('PREPARE %I (text[]) AS %s', prepared, stmt);
    END IF;
    EXECUTE format('EXECUTE %I (%L)', prepared, params) INTO res;
    RETURN to_jsonb(res);
  END
  $fn$;
  PERFORM create_distributed_function('sapi_on_agent_shard(bigint,text,text[])', 'agent',
                                      colocate_with => 'users', force_delegation => true);
END
$$;
