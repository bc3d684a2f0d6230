-- Players are found by lower(username) many times a batch. Compared under the database's
-- C.UTF-8 collation every comparison went through strcoll (wide-character conversion); byte-wise
-- ("C") comparison gives the same equality — all uniqueness asks for — at memcmp cost, and a batch
-- probes the index once per name.
DROP INDEX users_username_live_key;
--> statement-breakpoint
CREATE UNIQUE INDEX users_username_live_key ON users ((lower(username) COLLATE "C")) WHERE deleted_at IS NULL;
