import { betTypes } from '@sapi/contract';
import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Query-side (drizzle) definitions of the raw ledger tables, which migration 0003 creates by hand
 * (partitioned): outside db/schema/ so drizzle-kit never tries to re-create them. Only ledger/ imports
 * them (.dependency-cruiser.cjs: server-ledger-tables-only-in-ledger); the rollups are read with SQL
 * and declared in catalogue.ts.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const transactions = pgTable('transactions', {
  id: bigint('id', { mode: 'bigint' }).notNull(),
  agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
  username: text('username').notNull(),
  betId: text('bet_id').notNull(),
  betType: text('bet_type', { enum: betTypes }).notNull(),
  betTypeFromGame: text('bet_type_from_game').notNull(),
  gameBrand: text('game_brand').notNull(),
  gameCode: text('game_code').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  startDate: ts('start_date').notNull(),
  endDate: ts('end_date'),
  createdAt: ts('created_at').notNull(),
});

export const transactionKeys = pgTable('transaction_keys', {
  agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
  betId: text('bet_id').notNull(),
  betType: text('bet_type').notNull(),
  startDate: ts('start_date').notNull(),
  txId: bigint('tx_id', { mode: 'bigint' }).notNull(),
});
