-- The ledger on Citus (docs/scaling.md §4, issue 43): where the citus extension is present (an operator
-- creates it, and adds the workers, before migrating; this migration does not), the catalogue becomes
-- reference tables, the ledger distributed tables co-located by agent_id, and the keys Citus needs
-- change with them. Without the extension (PGlite, plain PostgreSQL) it does nothing, so the same
-- migration files run on all three. Staff-side tables (admins, sessions, throttles, audit_log, …) stay
-- local tables of the coordinator.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RETURN;
  END IF;
  -- The migrations run in one transaction: tables made earlier in it are distributed over one
  -- connection per worker, so later statements of the transaction see them.
  PERFORM set_config('citus.multi_shard_modify_mode', 'sequential', true);

  -- Keys. A unique constraint or index of a distributed table must contain its distribution column.
  -- Players: the primary key and the live-name index gain agent_id (names stay unique over all agents,
  -- as prefixes are prefix-free, migration 0015).
  ALTER TABLE users DROP CONSTRAINT users_pkey;
  ALTER TABLE users ADD CONSTRAINT users_pkey PRIMARY KEY (agent_id, id);
  DROP INDEX users_username_live_key;
  CREATE UNIQUE INDEX users_username_live_key ON users (agent_id, (lower(username) COLLATE "C"))
    WHERE deleted_at IS NULL;
  -- The ingest log: a refusal that names no known agent is filed under agent 0 (a distribution value
  -- cannot be null), so agent_id joins the primary key and the per-minute aggregate's key.
  UPDATE ingest_log SET agent_id = 0 WHERE agent_id IS NULL;
  ALTER TABLE ingest_log DROP CONSTRAINT ingest_log_pkey;
  ALTER TABLE ingest_log ADD CONSTRAINT ingest_log_pkey PRIMARY KEY (agent_id, id);
  DROP INDEX ingest_log_minute_idx;
  CREATE UNIQUE INDEX ingest_log_minute_idx ON ingest_log (agent_id, minute, ip, reason, status)
    WHERE minute IS NOT NULL;
  -- Transaction ids: the sequence becomes the column's default, so Citus gives each node a range of
  -- its own to draw from where the row is written.
  ALTER TABLE transactions ALTER COLUMN id SET DEFAULT nextval('transactions_id_seq');
  -- The prefix-free trigger reads agents under an advisory lock, which on a reference table would run
  -- on every node; the agent service checks the same under the same lock.
  DROP TRIGGER agents_prefix_free ON agents;

  -- Settlement's own tables (0041: sharing versions, statement lines, payments) stay local tables of the
  -- coordinator beside the staff tables they name (admins). Their foreign keys to the catalogue tables
  -- made reference tables below go: with them, Citus would take those tables into its metadata and the
  -- truncation of the catalogue's local copies at the end would cascade into them — deleting frozen
  -- statements. Agents and arrangements are never deleted (they are locked or disabled), and the
  -- services write these rows only for ids they have just read.
  DECLARE
    fk record;
  BEGIN
    FOR fk IN
      SELECT c.conrelid::regclass AS tbl, c.conname
      FROM pg_constraint c
      WHERE c.contype = 'f'
        AND c.confrelid IN ('agents'::regclass, 'adapters'::regclass, 'agent_sharing'::regclass,
                            'agent_operators'::regclass)
        AND c.conrelid IN ('agent_sharing_versions'::regclass, 'settlement_lines'::regclass,
                           'settlement_payments'::regclass)
    LOOP
      EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.tbl, fk.conname);
    END LOOP;
  END;

  -- A copy on every node: read with ledger rows (names in reports, brands in ingest, revenue share).
  PERFORM create_reference_table('agents');
  PERFORM create_reference_table('adapters');
  PERFORM create_reference_table('agent_sharing');
  PERFORM create_reference_table('agent_operators');

  -- The ledger by agent_id, every table in the players' shard groups.
  PERFORM create_distributed_table('users', 'agent_id');
  PERFORM create_distributed_table('transactions', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('transaction_keys', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('ingest_log', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_agent_daily', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_brand_daily', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_brand_hours', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_brand_minutes', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_brand_monthly', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_game_daily', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_game_monthly', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_player_daily', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_player_month', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_active_players', 'agent_id', colocate_with => 'users');
  PERFORM create_distributed_table('rollup_registered_players', 'agent_id', colocate_with => 'users');
  -- The two all-agents rollups have no agent_id: distributed by game brand, in shard groups of their
  -- own (each ingest batch writes them beside its agent's rows, through the coordinator).
  PERFORM create_distributed_table('rollup_code_daily', 'game_brand', colocate_with => 'none');
  PERFORM create_distributed_table('rollup_brand_day_all', 'game_brand', colocate_with => 'rollup_code_daily');

  -- A populated database: the rows were copied into the shards; the coordinator's own copies go.
  PERFORM truncate_local_data_after_distributing_table(t::regclass)
  FROM unnest(ARRAY[
    'agents', 'adapters', 'agent_sharing', 'agent_operators', 'users', 'transactions', 'transaction_keys',
    'ingest_log', 'rollup_agent_daily', 'rollup_brand_daily', 'rollup_brand_hours', 'rollup_brand_minutes',
    'rollup_brand_monthly', 'rollup_game_daily', 'rollup_game_monthly', 'rollup_player_daily',
    'rollup_player_month', 'rollup_active_players', 'rollup_registered_players', 'rollup_code_daily',
    'rollup_brand_day_all'
  ]) AS t;
END
$$;
