-- One agent's reads on its own worker on Citus answer their rows as JSON text (docs/scaling.md §4).
-- Where the citus extension is present: `sapi_agent_read`, delegated to the worker holding the agent
-- like `sapi_on_agent_shard` (0050), runs a read prepared for the agent's shard group and answers its
-- one value, the rows as `json` (json_agg writes text as it goes; to_jsonb of each row built a binary
-- value and cost as much again as the read of a list page). The preparing of a statement for a shard
-- group becomes one function both use, `sapi_shard_prepared`, kept on every node. A read runs with the
-- server's own session settings (db/session-settings.ts), generic plans included: the worker's session
-- Citus opened leaves PostgreSQL to choose, and it planned a list page again on every call (0.7 ms to
-- plan, 0.2 ms to run). The batch's writes keep 0050's settings (measured no faster with generic
-- plans). Without the extension (PGlite, plain PostgreSQL) the migration does nothing.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RETURN;
  END IF;
  PERFORM set_config('citus.multi_shard_modify_mode', 'sequential', true);
  -- The name of `stmt` prepared for `agent`'s shard group on this connection, preparing it on first
  -- use: each co-located ledger table and each reference table renamed to its shard on this node.
  CREATE FUNCTION sapi_shard_prepared(agent bigint, stmt text) RETURNS text
  LANGUAGE plpgsql AS $fn$
  DECLARE
    prepared text := 'sapi_shard_' || md5(stmt) || '_' || get_shard_id_for_distribution_column('users', agent);
    t record;
    shard text;
  BEGIN
    IF EXISTS (SELECT 1 FROM pg_prepared_statements WHERE name = prepared) THEN
      RETURN prepared;
    END IF;
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
    RETURN prepared;
  END
  $fn$;
  -- On every node, this one and any added later.
  PERFORM create_distributed_function('sapi_shard_prepared(bigint,text)');

  CREATE OR REPLACE FUNCTION sapi_on_agent_shard(agent bigint, stmt text, params text[]) RETURNS jsonb
  LANGUAGE plpgsql SET jit = off SET "TimeZone" = 'UTC' AS $fn$
  DECLARE
    res record;
  BEGIN
    EXECUTE format('EXECUTE %I (%L)', sapi_shard_prepared(agent, stmt), params) INTO res;
    RETURN to_jsonb(res);
  END
  $fn$;

  -- `stmt` answers one row of one json value: the read's rows (db/client.ts agentStatement).
  CREATE FUNCTION sapi_agent_read(agent bigint, stmt text, params text[]) RETURNS json
  LANGUAGE plpgsql SET jit = off SET "TimeZone" = 'UTC' SET plan_cache_mode = force_generic_plan AS $fn$
  DECLARE
    rows json;
  BEGIN
    EXECUTE format('EXECUTE %I (%L)', sapi_shard_prepared(agent, stmt), params) INTO rows;
    RETURN rows;
  END
  $fn$;
  PERFORM create_distributed_function('sapi_agent_read(bigint,text,text[])', 'agent',
                                      colocate_with => 'users', force_delegation => true);
END
$$;
