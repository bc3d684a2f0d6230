-- A username search looks up the agent's players whose name holds the typed part, to page their
-- bets by the player index (transaction list). A part inside a name cannot be sought in a btree,
-- so the look-up reads every name of the agent: from this index alone (name and id in it), not the
-- table's pages scattered among every agent's players.
CREATE INDEX users_agent_username_idx ON users (agent_id, username, id);
