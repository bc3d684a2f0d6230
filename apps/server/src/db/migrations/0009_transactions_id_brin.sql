-- Ids come from one sequence as rows are appended (rows are never updated), so each partition's heap
-- is in id order: a BRIN index finds a row by id from a few pages at almost no cost per insert, where
-- the B-tree on id was one more index write per stored bet. A bet's other rows are reached through
-- transaction_keys by (agent, start_date, id) on the list index.
DROP INDEX transactions_id_idx;
--> statement-breakpoint
CREATE INDEX transactions_id_brin ON transactions USING brin (id) WITH (pages_per_range = 16, autosummarize = on);
