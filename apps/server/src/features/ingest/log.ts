import {
  INGEST_LOG_DAYS,
  INGEST_LOG_MAX_ITEMS,
  type IngestLogDetail,
  type IngestLogItem,
  type IngestLogReason,
  type IngestLogRecord,
  type ingestLogListQuerySchema,
  isStorableText,
  Status,
} from '@sapi/contract';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext, Scope } from '../../context.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { agentFilterWithin, agentWithin } from '../../core/scope.ts';
import { agentStatement, type Executor, onCitus } from '../../db/client.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { within } from '../../db/filters.ts';
import { listing } from '../../db/paging.ts';
import { agents, ingestLog } from '../../db/schema/index.ts';
import { sqlTime } from '../../db/sql-time.ts';
import { deleteInBatches } from '../../db/upkeep.ts';
import { type CsvColumn, numberColumn, textColumn, timeColumn } from '../../lib/csv.ts';
import { refusalAddress } from './throttle.ts';

/** What a refused request's log row says about it. */
export interface Refusal {
  status: number;
  reason: IngestLogReason;
  code: string | null;
  /** The params of the issue `code` names, as the log keeps them. */
  params: IngestLogParams;
  items: IngestLogItem[];
  itemsTotal: number;
}

interface Issue {
  path?: unknown;
  code?: unknown;
  params?: unknown;
}

type IngestLogParams = Record<string, string | number | boolean | (string | number)[]> | null;

/** Text of the body as the log may keep it: storable, at most `max` characters; else nothing. */
const quoted = (value: unknown, max: number): string | null => {
  if (typeof value !== 'string') return null;
  const text = Array.from(value).slice(0, max).join('');
  return isStorableText(text) ? text : null;
};

/** The body's item at `index`, when the body is a batch. */
const itemAt = (body: unknown, index: number): Record<string, unknown> | undefined => {
  const list = (body as { transactions?: unknown } | null | undefined)?.transactions;
  const item = Array.isArray(list) ? (list[index] as unknown) : undefined;
  return typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : undefined;
};

/** Items in the body, when it is a batch. */
export const itemCountOf = (body: unknown): number | null => {
  const list = (body as { transactions?: unknown } | null | undefined)?.transactions;
  return Array.isArray(list) ? list.length : null;
};

/**
 * Params the schema itself gives (limits, formats, expected types, allowed values): kept for any
 * request. The others (`betType`, `gameBrand`, `username`, unknown `keys`) repeat the body, kept only
 * when its signature held, like the bets.
 */
const SCHEMA_PARAMS = new Set([
  'minimum',
  'maximum',
  'origin',
  'inclusive',
  'exact',
  'format',
  'expected',
  'received',
  'divisor',
  'values',
]);
const MAX_PARAMS = 8;
const MAX_PARAM_LIST = 20;

/** A param value as the log may keep it: a finite number, a boolean, short text, or a short list of those. */
const paramValue = (value: unknown): string | number | boolean | (string | number)[] | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return quoted(value, 64);
  if (!Array.isArray(value) || value.length > MAX_PARAM_LIST) return null;
  const list: (string | number)[] = [];
  for (const v of value) {
    const kept = typeof v === 'number' || typeof v === 'string' ? paramValue(v) : null;
    if (typeof kept !== 'number' && typeof kept !== 'string') return null;
    list.push(kept);
  }
  return list;
};

/** An issue's params as the log keeps them (see SCHEMA_PARAMS); null when none are left. */
const paramsOf = (params: unknown, signed: boolean): IngestLogParams => {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return null;
  const kept: NonNullable<IngestLogParams> = {};
  let n = 0;
  for (const [name, raw] of Object.entries(params)) {
    if (n >= MAX_PARAMS) break;
    if (!/^\w{1,32}$/.test(name) || !(signed || SCHEMA_PARAMS.has(name))) continue;
    const value = paramValue(raw);
    if (value === null) continue;
    kept[name] = value;
    n++;
  }
  return n > 0 ? kept : null;
};

const ITEM_PATH = /^transactions\.(\d+)(?:\.(.+))?$/;

/**
 * The items an answer names (a 2001's item issues, a 2009's conflicts), the first
 * INGEST_LOG_MAX_ITEMS of them; bets are quoted from the body only when its signature held.
 */
const itemsOf = (
  data: unknown,
  body: unknown,
  signed: boolean,
): { items: IngestLogItem[]; total: number } => {
  const d = (data ?? {}) as {
    issues?: Issue[];
    conflicts?: { index: number; betId: string; betType: string }[];
  };
  const found: IngestLogItem[] = [];
  let total = 0;
  const add = (item: IngestLogItem) => {
    total++;
    if (found.length < INGEST_LOG_MAX_ITEMS) found.push(item);
  };
  if (Array.isArray(d.conflicts)) {
    const code = typeof d.issues?.[0]?.code === 'string' ? d.issues[0].code : 'bet_resent_differs';
    const params = paramsOf(d.issues?.[0]?.params, signed);
    for (const c of d.conflicts) {
      add({
        index: c.index,
        betId: quoted(c.betId, 64),
        betType: quoted(c.betType, 32),
        code,
        field: null,
        params,
      });
    }
    return { items: found, total };
  }
  for (const issue of d.issues ?? []) {
    const match = typeof issue.path === 'string' ? ITEM_PATH.exec(issue.path) : null;
    if (!match) continue;
    const index = Number(match[1]);
    const item = signed ? itemAt(body, index) : undefined;
    add({
      index,
      betId: quoted(item?.betId, 64),
      betType: quoted(item?.betType, 32),
      code: quoted(issue.code, 64) ?? 'invalid',
      field: quoted(match[2], 64) ?? null,
      params: paramsOf(issue.params, signed),
    });
  }
  return { items: found, total };
};

const conflictReasons: Record<string, IngestLogReason> = {
  bet_resent_differs: 'conflict',
  player_other_agent: 'player_other_agent',
  agent_total_out_of_range: 'total_out_of_range',
};

/**
 * Why a request was refused, from the error it was answered with and what the signature check
 * learnt (`reason` set there for credential failures).
 */
export const classifyRefusal = (
  err: unknown,
  noted: IngestLogReason | undefined,
  body: unknown,
  signed: boolean,
): Refusal => {
  if (err instanceof AppError) {
    const data = err.data as { issues?: Issue[] } | null;
    const first = data?.issues?.[0];
    const code = quoted(first?.code, 64);
    const params = code === null ? null : paramsOf(first?.params, signed);
    const { items, total } = signed ? itemsOf(err.data, body, signed) : { items: [], total: 0 };
    const base = { status: err.status, code, params, items, itemsTotal: total };
    switch (err.status) {
      case Status.UNAUTHENTICATED:
        return { ...base, reason: noted ?? 'missing_credentials' };
      case Status.ADDRESS_NOT_ALLOWED:
        return { ...base, reason: 'address_not_allowed' };
      case Status.LOCKED:
        return { ...base, reason: 'agent_locked' };
      case Status.VALIDATION:
        if (code === 'malformed_json') return { ...base, reason: 'malformed_body' };
        if (code === 'unknown_game_brand') return { ...base, reason: 'unknown_brand' };
        return { ...base, reason: 'validation' };
      case Status.CONFLICT:
        return { ...base, reason: (code && conflictReasons[code]) || 'conflict' };
      default:
        return { ...base, reason: noted ?? 'internal_error' };
    }
  }
  // Refused by the framework before the route (body size, content type, JSON) or by the database.
  const fastifyCode = (err as { code?: unknown } | null)?.code;
  if (typeof fastifyCode === 'string' && fastifyCode.startsWith('FST_ERR_CTP_')) {
    return {
      status: Status.VALIDATION,
      reason: 'malformed_body',
      code: null,
      params: null,
      items: [],
      itemsTotal: 0,
    };
  }
  const state = sqlStateOf(err);
  if (state?.startsWith('22'))
    return {
      status: Status.VALIDATION,
      reason: 'validation',
      code: 'data_exception',
      params: null,
      items: [],
      itemsTotal: 0,
    };
  if (state?.startsWith('23'))
    return {
      status: Status.CONFLICT,
      reason: 'conflict',
      code: null,
      params: null,
      items: [],
      itemsTotal: 0,
    };
  return {
    status: Status.INTERNAL,
    reason: 'internal_error',
    code: null,
    params: null,
    items: [],
    itemsTotal: 0,
  };
};

const MINUTE_MS = 60_000;

/**
 * The agent a refusal is filed under: none is null on one database, and agent 0 (no agent has it) on
 * Citus, where the log is distributed by agent and a distribution value cannot be null (migration 0045).
 */
const loggedAgent = (db: Executor, agentId: bigint | undefined) => agentId ?? (onCitus(db) ? 0n : null);

const p = (name: string) => sql.placeholder(name);

/**
 * A refusal's row, or its count in its minute's row: with `minuteKey`, the per-minute rows' unique
 * index (`coalesce(agent_id, 0)` on one database, `agent_id` first on Citus). Its id is drawn here,
 * not left to the column's default: on Citus the statement runs on the agent's worker (a shard has no
 * defaults), whose range the agent's accepted batches draw from too, so its rows keep their order.
 */
const refusalSql = (minuteKey?: SQL) => sql`
    insert into ingest_log (id, at, minute, last_at, count, agent_id, ip, item_count, outcome, reason, status,
                            code, params, items, items_total)
    values (nextval('ingest_log_id_seq'), ${p('at')}::timestamptz, ${p('minute')}::timestamptz,
            ${p('lastAt')}::timestamptz, 1, ${p('agent')}::bigint, ${p('ip')}::text, ${p('itemCount')}::int,
            'refused', ${p('reason')}::text, ${p('status')}::int, ${p('code')}::text, ${p('params')}::jsonb,
            ${p('items')}::jsonb, ${p('itemsTotal')}::int)
    ${
      minuteKey
        ? sql`on conflict ${minuteKey} where minute is not null
    do update set count = ingest_log.count + 1, last_at = greatest(ingest_log.last_at, excluded.last_at)`
        : sql``
    }
    returning id::text`;
const refusalStatements = {
  row: agentStatement<{ id: string }>('ingest_refusal', 'write', refusalSql()),
  here: agentStatement<{ id: string }>(
    'ingest_refusal_minute',
    'write',
    refusalSql(sql`(minute, ip, (coalesce(agent_id, 0)), reason, status)`),
  ),
  citus: agentStatement<{ id: string }>(
    'ingest_refusal_minute',
    'write',
    refusalSql(sql`(agent_id, minute, ip, reason, status)`),
  ),
};

/**
 * Write a refused request's log row (an accepted batch's row is written by its own statement): a row
 * of its own when its signature held (the agent's own traffic, bounded by its key), else a count in
 * its minute's row (issue 38): ONE upsert on (minute, address, agent, reason, status), so parallel
 * refusals each add one to the count and a flood writes one row per minute and kind instead of a row
 * each. That row keeps its first request's time, item count, code and params (only the schema's own:
 * nothing of an unsigned body is kept), and the latest request's time. Its address is the client's as
 * the refusal limit counts it (throttle.ts refusalAddress): an IPv6 client's /64, so rotating
 * addresses inside it adds no row.
 */
export const recordIngestRefusal = async (
  db: Executor,
  entry: {
    at: Date;
    agentId: bigint | undefined;
    ip: string;
    itemCount: number | null;
    refusal: Refusal;
    signed: boolean;
  },
) => {
  const { refusal, at } = entry;
  const agent = loggedAgent(db, entry.agentId);
  const common = {
    at: at.toISOString(),
    agent: agent?.toString() ?? null,
    itemCount: entry.itemCount,
    reason: refusal.reason,
    status: refusal.status,
    code: refusal.code,
    params: refusal.params === null ? null : JSON.stringify(refusal.params),
    itemsTotal: refusal.itemsTotal,
  };
  if (entry.signed) {
    await refusalStatements.row(db, agent ?? 0n, {
      ...common,
      minute: null,
      lastAt: null,
      ip: entry.ip,
      // An item's params only when it has some: the JSON of a hundred items stays small.
      items:
        refusal.items.length > 0
          ? JSON.stringify(refusal.items.map(({ params, ...item }) => (params ? { ...item, params } : item)))
          : null,
    });
    return;
  }
  const minute = new Date(Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS);
  await (onCitus(db) ? refusalStatements.citus : refusalStatements.here)(db, agent ?? 0n, {
    ...common,
    minute: minute.toISOString(),
    lastAt: at.toISOString(),
    ip: refusalAddress(entry.ip),
    items: null,
  });
};

const DAY_MS = 24 * 3600 * 1000;

/**
 * Drop rows older than INGEST_LOG_DAYS (the server's hourly upkeep), in batches that answer a count,
 * never the rows: constant memory however many have aged. Answers how many went.
 */
export const pruneIngestLog = (db: Executor, now: Date): Promise<number> =>
  deleteInBatches(
    db,
    ingestLog,
    ingestLog.id,
    sql`${ingestLog.at} < ${sqlTime(new Date(now.getTime() - INGEST_LOG_DAYS * DAY_MS))}`,
  );

type Query = z.output<typeof ingestLogListQuerySchema>;

const columns = {
  id: ingestLog.id,
  at: ingestLog.at,
  agentId: ingestLog.agentId,
  agentUsername: agents.username,
  ip: ingestLog.ip,
  itemCount: ingestLog.itemCount,
  accepted: ingestLog.accepted,
  duplicates: ingestLog.duplicates,
  outcome: ingestLog.outcome,
  reason: ingestLog.reason,
  status: ingestLog.status,
  code: ingestLog.code,
  params: ingestLog.params,
  itemsTotal: ingestLog.itemsTotal,
  count: ingestLog.count,
  lastAt: ingestLog.lastAt,
};
interface Row {
  id: bigint;
  at: Date;
  agentId: bigint | null;
  agentUsername: string | null;
  ip: string;
  itemCount: number | null;
  accepted: number | null;
  duplicates: number | null;
  outcome: IngestLogRecord['outcome'];
  reason: string | null;
  status: number;
  code: string | null;
  params: unknown;
  itemsTotal: number;
  count: number;
  lastAt: Date | null;
}

const toRecord = (r: Row): IngestLogRecord => ({
  _id: r.id.toString(),
  at: r.at.toISOString(),
  agent: r.agentId === null || r.agentId === 0n ? null : r.agentId.toString(),
  agentUsername: r.agentUsername,
  ip: r.ip,
  itemCount: r.itemCount,
  accepted: r.accepted,
  duplicates: r.duplicates,
  outcome: r.outcome,
  reason: r.reason as IngestLogRecord['reason'],
  status: r.status,
  code: r.code,
  params: (r.params ?? null) as IngestLogRecord['params'],
  itemsTotal: r.itemsTotal,
  count: r.count,
  lastAt: r.lastAt?.toISOString() ?? null,
});

const whereOf = (scope: Scope, q: Query): SQL | undefined =>
  and(
    // The agent side reads the requests of its scope's agents only (docs/design.md §16): never one
    // whose key matched no agent.
    agentFilterWithin(scope, ingestLog.agentId, q.agent),
    q.outcome ? eq(ingestLog.outcome, q.outcome) : undefined,
    q.reason ? eq(ingestLog.reason, q.reason) : undefined,
    within(ingestLog.at, q.startDate, q.endDate),
  );

/**
 * A busy log holds millions of rows: the total is counted only as far as any numbered page can
 * reach (pages start at most 100,000 rows deep), so a page costs the same on any size of log.
 */
const COUNT_CAP = 100_100;

/** The ingest log and its export, for one set of filters within the caller's scope; newest first. */
export const ingestLogListing = (ctx: AppContext, scope: Scope, q: Query) =>
  listing({
    where: whereOf(scope, q),
    id: ingestLog.id,
    idOf: (r: Row) => r.id,
    toDto: toRecord,
    fetch: (where, limit, offset) =>
      ctx.db
        .select(columns)
        .from(ingestLog)
        .leftJoin(agents, eq(agents.id, ingestLog.agentId))
        .where(where)
        .orderBy(desc(ingestLog.id))
        .limit(limit)
        .offset(offset),
    count: async (where) => {
      const capped = ctx.db
        .select({ one: sql`1` })
        .from(ingestLog)
        .where(where)
        .limit(COUNT_CAP)
        .as('capped');
      const [row] = await ctx.db.select({ n: count() }).from(capped);
      return row?.n ?? 0;
    },
  });

/** One request of the log with its refused or conflicting items; outside the scope, as a missing one. */
export const getIngestLogEntry = async (
  ctx: AppContext,
  scope: Scope,
  id: bigint,
): Promise<IngestLogDetail> => {
  const [row] = await ctx.db
    .select({ ...columns, items: ingestLog.items })
    .from(ingestLog)
    .leftJoin(agents, eq(agents.id, ingestLog.agentId))
    .where(and(eq(ingestLog.id, id), agentWithin(scope, ingestLog.agentId)))
    .limit(1);
  if (!row) throw notFound('Ingest log entry');
  // Items of rows logged before params were kept (migration 0030) have none: null, like any without.
  const items = (
    (row.items ?? []) as (Omit<IngestLogItem, 'params'> & { params?: IngestLogItem['params'] })[]
  ).map((item) => ({ ...item, params: item.params ?? null }));
  return { ...toRecord(row), items };
};

/** The export's columns and their headers in each language. */
export const ingestLogCsvColumns: CsvColumn<IngestLogRecord>[] = [
  timeColumn({ th: 'เวลา', en: 'Time' }, (r) => r.at),
  numberColumn({ th: 'จำนวนคำขอ', en: 'Requests' }, (r) => r.count),
  timeColumn({ th: 'คำขอล่าสุด', en: 'Last request' }, (r) => r.lastAt),
  textColumn({ th: 'เอเจนต์', en: 'Agent' }, (r) => r.agentUsername),
  textColumn({ th: 'รหัสเอเจนต์', en: 'Agent id' }, (r) => r.agent),
  textColumn({ th: 'ที่อยู่ IP', en: 'Client address' }, (r) => r.ip),
  numberColumn({ th: 'จำนวนรายการ', en: 'Items' }, (r) => r.itemCount),
  numberColumn({ th: 'รับแล้ว', en: 'Accepted' }, (r) => r.accepted),
  numberColumn({ th: 'ซ้ำ', en: 'Duplicates' }, (r) => r.duplicates),
  textColumn({ th: 'ผลลัพธ์', en: 'Outcome' }, (r) => r.outcome),
  textColumn({ th: 'เหตุผล', en: 'Reason' }, (r) => r.reason),
  numberColumn({ th: 'สถานะ', en: 'Status' }, (r) => r.status),
  textColumn({ th: 'รหัสปัญหา', en: 'Issue code' }, (r) => r.code),
  numberColumn({ th: 'รายการที่ถูกปฏิเสธ', en: 'Refused items' }, (r) => r.itemsTotal),
];
