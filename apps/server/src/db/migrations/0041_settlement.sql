-- Settlement (issue 40, docs/design.md §15): sharing arrangements in time, periods that close with a
-- second manager's approval, frozen statement lines, payments between a child agent and its parent.
--
-- agent_sharing stays the arrangement's identity; its agent_id, parent_agent_id, parent_bp and
-- is_disable hold the arrangement's LATEST setting (the last version; is_disable when that version has
-- ended), so the one-enabled-per-agent index keeps meaning "no two open-ended versions". History — what
-- was in force on which day — lives only in agent_sharing_versions.
--
-- Each existing arrangement becomes one version from its created_at business day (REPORT_TIMEZONE, the
-- session setting sapi.report_timezone the app sets, Asia/Bangkok when unset); a disabled one ends on
-- its updated_at business day (end dates are exclusive).
ALTER TABLE agent_sharing ADD COLUMN settle_each_period boolean NOT NULL DEFAULT false;
--> statement-breakpoint
CREATE TABLE agent_sharing_versions (
  id bigserial PRIMARY KEY,
  sharing_id bigint NOT NULL REFERENCES agent_sharing (id),
  agent_id bigint NOT NULL REFERENCES agents (id),
  parent_agent_id bigint NOT NULL REFERENCES agents (id),
  parent_bp integer NOT NULL,
  effective_from date NOT NULL,
  -- Exclusive; null = open-ended. A version replaced on its first day keeps effective_to = effective_from.
  effective_to date,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Null for the versions made here from the arrangements that existed before.
  created_by bigint REFERENCES admins (id),
  CONSTRAINT agent_sharing_versions_not_self CHECK (agent_id <> parent_agent_id),
  CONSTRAINT agent_sharing_versions_bp_range CHECK (parent_bp BETWEEN 0 AND 10000),
  CONSTRAINT agent_sharing_versions_days CHECK (effective_to IS NULL OR effective_to >= effective_from)
);
--> statement-breakpoint
CREATE INDEX agent_sharing_versions_sharing_idx ON agent_sharing_versions (sharing_id, effective_from);
--> statement-breakpoint
CREATE INDEX agent_sharing_versions_agent_idx ON agent_sharing_versions (agent_id, effective_from);
--> statement-breakpoint
CREATE INDEX agent_sharing_versions_days_idx ON agent_sharing_versions (effective_from, effective_to);
--> statement-breakpoint
INSERT INTO agent_sharing_versions
  (sharing_id, agent_id, parent_agent_id, parent_bp, effective_from, effective_to, created_at)
SELECT s.id, s.agent_id, s.parent_agent_id, s.parent_bp, d.from_day,
       CASE WHEN s.is_disable THEN greatest(d.from_day, (s.updated_at AT TIME ZONE z.zone)::date) END,
       s.created_at
FROM agent_sharing s,
     (SELECT coalesce(nullif(current_setting('sapi.report_timezone', true), ''), 'Asia/Bangkok') AS zone) AS z,
     LATERAL (SELECT (s.created_at AT TIME ZONE z.zone)::date AS from_day) AS d;
--> statement-breakpoint
-- A period absent here is open. 'closing': a close was asked for and waits for its approval.
CREATE TABLE settlement_periods (
  month date PRIMARY KEY,
  status text NOT NULL,
  requested_by bigint NOT NULL REFERENCES admins (id),
  requested_at timestamptz NOT NULL,
  approval_id bigint NOT NULL,
  closed_at timestamptz,
  closed_by bigint REFERENCES admins (id),
  -- The month's ledger as it was read to freeze the lines (Σ tx_count and Σ amount of HOLD, SETTLE,
  -- CANCEL and VOID in rollup_brand_monthly): a later difference means late bets, so only then is the
  -- month computed again for an adjustment.
  ledger_count numeric,
  ledger_amount numeric,
  CONSTRAINT settlement_periods_status CHECK (status IN ('closing', 'closed')),
  CONSTRAINT settlement_periods_first_day CHECK (extract(day FROM month) = 1)
);
--> statement-breakpoint
-- Changes that wait for a second manager. `target` names what it changes ('2026-10' for a period, the
-- arrangement id for a percentage change): one pending approval per kind and target.
CREATE TABLE approvals (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'pending',
  target text NOT NULL,
  requested_by bigint NOT NULL REFERENCES admins (id),
  requested_at timestamptz NOT NULL,
  decided_by bigint REFERENCES admins (id),
  decided_at timestamptz,
  reason text,
  payload jsonb NOT NULL,
  summary jsonb NOT NULL,
  CONSTRAINT approvals_kind CHECK (kind IN ('settlement-close', 'sharing-change')),
  CONSTRAINT approvals_status CHECK (status IN ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX approvals_one_pending_key ON approvals (kind, target) WHERE status = 'pending';
--> statement-breakpoint
CREATE INDEX approvals_requested_idx ON approvals (requested_at DESC, id DESC);
--> statement-breakpoint
-- A closed period's statement as it was approved: never updated nor deleted. Sums are numeric (a
-- month's sum over a downline may pass bigint); amounts in satang.
CREATE TABLE settlement_lines (
  month date NOT NULL REFERENCES settlement_periods (month),
  sharing_id bigint NOT NULL REFERENCES agent_sharing (id),
  agent_id bigint NOT NULL REFERENCES agents (id),
  parent_agent_id bigint NOT NULL REFERENCES agents (id),
  segments jsonb NOT NULL,
  win_lose numeric NOT NULL,
  parent_share numeric NOT NULL,
  adjustment numeric NOT NULL,
  adjustments jsonb NOT NULL,
  carried_in numeric NOT NULL,
  payments_to_parent numeric NOT NULL,
  payments_to_child numeric NOT NULL,
  outstanding numeric NOT NULL,
  settle_each_period boolean NOT NULL,
  PRIMARY KEY (month, sharing_id, agent_id, parent_agent_id)
);
--> statement-breakpoint
CREATE FUNCTION settlement_lines_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'settlement_lines are frozen: a closed period never changes';
END
$$;
--> statement-breakpoint
CREATE TRIGGER settlement_lines_no_update_delete BEFORE UPDATE OR DELETE ON settlement_lines
  FOR EACH ROW EXECUTE FUNCTION settlement_lines_frozen();
--> statement-breakpoint
CREATE TRIGGER settlement_lines_no_truncate BEFORE TRUNCATE ON settlement_lines
  FOR EACH STATEMENT EXECUTE FUNCTION settlement_lines_frozen();
--> statement-breakpoint
-- Payments between a child agent and its parent: never edited nor deleted; a mistake is voided with a
-- reason (the void columns are the only ones that change, once).
CREATE TABLE settlement_payments (
  id bigserial PRIMARY KEY,
  sharing_id bigint NOT NULL REFERENCES agent_sharing (id),
  agent_id bigint NOT NULL REFERENCES agents (id),
  parent_agent_id bigint NOT NULL REFERENCES agents (id),
  direction text NOT NULL,
  amount bigint NOT NULL,
  paid_on date NOT NULL,
  reference text NOT NULL DEFAULT '',
  note text NOT NULL DEFAULT '',
  created_by bigint NOT NULL REFERENCES admins (id),
  created_at timestamptz NOT NULL,
  voided_at timestamptz,
  voided_by bigint REFERENCES admins (id),
  void_reason text,
  CONSTRAINT settlement_payments_direction CHECK (direction IN ('to-parent', 'to-child')),
  CONSTRAINT settlement_payments_amount CHECK (amount > 0)
);
--> statement-breakpoint
CREATE INDEX settlement_payments_paid_idx ON settlement_payments (paid_on, sharing_id);
--> statement-breakpoint
CREATE INDEX settlement_payments_sharing_idx ON settlement_payments (sharing_id, id DESC);
--> statement-breakpoint
CREATE FUNCTION settlement_payments_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'settlement_payments are never deleted';
  END IF;
  IF OLD.voided_at IS NOT NULL
     OR (NEW.id, NEW.sharing_id, NEW.agent_id, NEW.parent_agent_id, NEW.direction, NEW.amount, NEW.paid_on,
         NEW.reference, NEW.note, NEW.created_by, NEW.created_at)
        IS DISTINCT FROM
        (OLD.id, OLD.sharing_id, OLD.agent_id, OLD.parent_agent_id, OLD.direction, OLD.amount, OLD.paid_on,
         OLD.reference, OLD.note, OLD.created_by, OLD.created_at) THEN
    RAISE EXCEPTION 'settlement_payments are never edited (only voided, once)';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER settlement_payments_no_edit BEFORE UPDATE OR DELETE ON settlement_payments
  FOR EACH ROW EXECUTE FUNCTION settlement_payments_kept();
--> statement-breakpoint
-- Changes that need a second manager's approval, switched by a SUPERADMIN (security settings).
CREATE TABLE approval_settings (
  kind text PRIMARY KEY,
  required boolean NOT NULL,
  CONSTRAINT approval_settings_kind CHECK (kind IN ('sharing-change'))
);
--> statement-breakpoint
INSERT INTO approval_settings (kind, required) VALUES ('sharing-change', false);
