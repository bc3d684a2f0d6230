-- Agents isolated in the ledger (DESIGN §9): rollup_code_daily sums one game code's day over
-- EVERY agent, so as a bigint one agent's valid bets could push it past 2^63−1 and then every other
-- agent's bets on that game and day failed. As numeric it cannot overflow. The per-agent rollups stay
-- bigint: only their own agent can fill them, and that agent's batch is then refused with a 409.
-- Values are integers (satang) either way; the rewrite touches only the rollup (tens of thousands of rows).
ALTER TABLE rollup_code_daily ALTER COLUMN amount TYPE numeric;
