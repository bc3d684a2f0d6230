import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../db/client.ts';
import { conflict } from './errors.ts';

/*
 * One name space for plain sign-in names (docs/design.md §16): a staff account and an agent sign in on
 * the same screen with a bare username, so a new one may not take a name the other holds (any case).
 * Operators sign in as `name@prefix`, which no staff or agent name can be (usernames have no `@`).
 * Both creations take this transaction-scoped lock on the name before the check, so a staff account and
 * an agent of one name created in parallel are checked one after the other.
 */
const NAME_LOCK_SPACE = 0x5a_9e_16;

const lockName = (tx: Executor, name: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(${NAME_LOCK_SPACE}, hashtext(${name}))`);

/** Refuse (2009 `sign_in_name_taken`) a new `holder` name another kind of account already signs in with. */
export const assertSignInNameFree = async (
  tx: Executor,
  username: string,
  holder: 'staff' | 'agent',
): Promise<void> => {
  const name = username.toLowerCase();
  await lockName(tx, name);
  const [taken] = await queryRows<{ found: boolean }>(
    tx,
    holder === 'staff'
      ? sql`select exists(select 1 from agents where lower(username) = ${name}) as found`
      : sql`select exists(select 1 from admins where lower(username) = ${name}) as found`,
  );
  if (taken?.found) {
    throw conflict(
      'sign_in_name_taken',
      `"${username}" is already the sign-in name of ${holder === 'staff' ? 'an agent' : 'a staff account'}`,
      { path: 'username', params: { username } },
    );
  }
};

/**
 * Does a staff account or an agent sign in with this name (any case)? Under the name's lock, as
 * `assertSignInNameFree`: the agent side's registration, which must not learn which of them holds it.
 */
export const signInNameHeld = async (tx: Executor, username: string): Promise<boolean> => {
  const name = username.toLowerCase();
  await lockName(tx, name);
  const [held] = await queryRows<{ found: boolean }>(
    tx,
    sql`select (exists(select 1 from admins where lower(username) = ${name})
             or exists(select 1 from agents where lower(username) = ${name})) as found`,
  );
  return held?.found === true;
};

/**
 * Names held by a staff account and an agent alike (made before the rule): the staff account signs in
 * with it, the agent cannot until one is renamed. The start-up warning lists them.
 */
export const signInNameClashes = async (db: Executor): Promise<string[]> =>
  (
    await queryRows<{ username: string }>(
      db,
      sql`select a.username from agents a join admins s on lower(s.username) = lower(a.username)
          order by lower(a.username) limit 100`,
    )
  ).map((r) => r.username);
