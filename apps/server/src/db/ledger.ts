import { betTypes } from '@sapi/contract';
import { bigint, date, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/*
 * Query-side definitions of the ledger tables, which migration 0003 creates by hand (partitioned).
 * They live outside schema/ so drizzle-kit never tries to re-create them.
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

export const rollupBrandMonthly = pgTable('rollup_brand_monthly', {
  agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
  month: date('month', { mode: 'string' }).notNull(),
  gameBrand: text('game_brand').notNull(),
  betType: text('bet_type').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  txCount: bigint('tx_count', { mode: 'bigint' }).notNull(),
});

export const rollupAgentDaily = pgTable('rollup_agent_daily', {
  agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  betType: text('bet_type').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  txCount: bigint('tx_count', { mode: 'bigint' }).notNull(),
});

export const rollupPlayerMonth = pgTable('rollup_player_month', {
  month: date('month', { mode: 'string' }).notNull(),
  agentId: bigint('agent_id', { mode: 'bigint' }).notNull(),
  userId: bigint('user_id', { mode: 'bigint' }).notNull(),
});
