import { type AgentTreeNode, api, type IngestItem, pathOf, Status } from '@sapi/contract';
import type { Facts } from './direct.ts';
import { type Client, clientOf, requestJson } from './http.ts';
import { postIngest } from './scenarios.ts';
import { alternating, type Timing } from './stats.ts';

/*
 * The agent side (docs/design.md §16, issue 42) against staff: the same question asked by an
 * agent-side session and by staff, timed in alternation call by call; an agent with a downline of
 * DOWNLINE agents against the §11 budgets; and an id outside the scope against an unknown one.
 */

/** main.ts's row printers and budgets, so this module adds rows to the same table. */
export interface PortalOut {
  add: (scenario: string, budget: string, median: string, p95: string, met: boolean | null) => void;
  budget: { report: number; list: number; agentReport: number };
  runs: number;
}

/** Agents built under the downline's top (a 4-ary tree: four levels below it). */
const DOWNLINE = 200;
const BRANCHING = 4;
/** Of the downline, every BETS_EVERY-th agent gets BETS_PER_AGENT bets through the signed ingest. */
const BETS_EVERY = 5;
const BETS_PER_AGENT = 1000;
/** A scoped answer may cost this much of staff's same answer (issue 42). */
const RATIO = 1.1;

/** The agent-side account the bench signs in as: a SUPERMANAGER operator of the agent, `pbench@<prefix>`. */
const OPERATOR = 'pbench';
/** The password staff gives it (to be changed at its first sign-in), and the one it then chooses. */
const FIRST_PASSWORD = 'first-portal-bench-pw';
const OWN_PASSWORD = 'own-portal-bench-pw-42';

const pad3 = (k: number) => String(k).padStart(3, '0');
const downlineName = (k: number) => `pbdown${pad3(k)}`;
const ms = (n: number) => `${n.toFixed(1)} ms`;

interface Envelope {
  status: number;
  error: string | null;
  data: unknown;
}

const postRaw = async (base: string, path: string, token: string | null, body: unknown) =>
  (await requestJson(
    `${base}/api/v1${path}`,
    'POST',
    token ? { authorization: `Bearer ${token}` } : {},
    JSON.stringify(body ?? {}),
  )) as Envelope;

/** Sign in as `username`: the token and what the account must set up first, or null when refused. */
const login = async (base: string, username: string, password: string) => {
  const envelope = await postRaw(base, pathOf(api.login), null, { username, password });
  if (envelope.status === Status.BAD_CREDENTIALS) return null;
  if (envelope.status !== Status.OK)
    throw new Error(`sign-in of ${username}: ${envelope.status} ${envelope.error}`);
  return envelope.data as { token: string; next?: string };
};

/**
 * A signed-in client of agent `agent`'s SUPERMANAGER operator: registered by staff the first time
 * (or given a password again when it no longer signs in), its staff-set password changed through
 * the password-change route once; a later run signs in with the password it chose.
 */
const operatorClient = async (base: string, staff: Client, agent: { id: string; prefix: string }) => {
  const name = `${OPERATOR}@${agent.prefix}`;
  const listed = await staff.call(api.agentOperatorList, { agent: agent.id, username: OPERATOR, limit: 50 });
  const found = listed.records.find((o) => o.username === OPERATOR);
  if (found) {
    const session = await login(base, name, OWN_PASSWORD);
    if (session && !session.next) return clientOf(base, session.token);
    await staff.call(
      api.agentOperatorUpdate,
      { type: 'SUPERMANAGER', locked: false, password: FIRST_PASSWORD },
      { id: found._id },
    );
  } else {
    await staff.call(api.agentOperatorRegister, {
      agent: agent.id,
      username: OPERATOR,
      password: FIRST_PASSWORD,
      type: 'SUPERMANAGER',
    });
  }
  const first = await login(base, name, FIRST_PASSWORD);
  if (!first) throw new Error(`${name} does not sign in with the password staff gave it`);
  const client = clientOf(base, first.token);
  if (first.next === 'change-password')
    await client.call(api.passwordChange, { currentPassword: FIRST_PASSWORD, newPassword: OWN_PASSWORD });
  return client;
};

/** The agent ids of `root` and everything below it in `tree`. */
const subtreeOf = (tree: AgentTreeNode[], root: string): Set<string> => {
  const children = new Map<string, string[]>();
  for (const n of tree) {
    if (n.parentAgent === null) continue;
    const list = children.get(n.parentAgent) ?? [];
    list.push(n._id);
    children.set(n.parentAgent, list);
  }
  const out = new Set([root]);
  const stack = [root];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    for (const child of children.get(id) ?? []) {
      if (!out.has(child)) {
        out.add(child);
        stack.push(child);
      }
    }
  }
  return out;
};

/** The ancestors of `id` in `tree`. */
const ancestorsOf = (tree: AgentTreeNode[], id: string): Set<string> => {
  const parent = new Map(tree.map((n) => [n._id, n.parentAgent]));
  const out = new Set<string>();
  for (let p = parent.get(id) ?? null; p !== null && !out.has(p); p = parent.get(p) ?? null) out.add(p);
  return out;
};

/**
 * The top of the downline: found by its agents' names on a reused data set, else chosen — the agent
 * of the data set with the most bets last whole month that is neither above nor below the busiest
 * agent (whose scope stays as the data set made it).
 */
const downlineTop = async (staff: Client, facts: Facts, tree: AgentTreeNode[]) => {
  const first = tree.find((n) => n.username === downlineName(1));
  if (first?.parentAgent) return first.parentAgent;
  const related = new Set([...subtreeOf(tree, facts.busiest.id), ...ancestorsOf(tree, facts.busiest.id)]);
  // Agents of the data set's own tree (not the bench's stand-alone ones, nor a half-built downline).
  const inTree = new Set(tree.flatMap((n) => (n.parentAgent === null ? [] : [n._id, n.parentAgent])));
  const candidates = tree
    .filter((n) => inTree.has(n._id) && !related.has(n._id) && !n.locked && !n.username.startsWith('pbdown'))
    .map((n) => n._id);
  let best: { id: string; count: number } | null = null;
  for (let i = 0; i < candidates.length; i += 100) {
    const widgets = await staff.call(api.agentReportMonthlyBatch, {
      agentIds: candidates.slice(i, i + 100),
      date: facts.month.to,
    });
    for (const w of widgets)
      if (!best || w.transactionCount > best.count) best = { id: w.agent, count: w.transactionCount };
  }
  if (!best) throw new Error('no agent of the data set to build the downline under');
  return best.id;
};

/** Agent `k`'s bets: spread over the 60 days before now, a few players each, ids unique to it. */
const downlineBets = (k: number) => {
  const day = 86_400_000;
  const now = Date.now();
  const items: IngestItem[] = Array.from({ length: BETS_PER_AGENT }, (_, n) => ({
    betId: `PBDOWN-${k}-${n >> 1}`,
    betType: n % 2 === 0 ? 'HOLD' : 'SETTLE',
    betTypeFromGame: n % 2 === 0 ? 'bet' : 'win',
    gameBrand: ['PG', 'JILI', 'PP', 'SA'][n % 4] as string,
    gameCode: `game-${n % 37}`,
    username: `pbp${n % 25}`,
    amount: n % 2 === 0 ? -((n % 50) + 1) : (n % 90) / 2,
    startDate: new Date(now - (((n >> 1) * 7919 * 60_000) % (60 * day))).toISOString(),
  }));
  return JSON.stringify({ transactions: items });
};

/**
 * The downline of DOWNLINE agents under one agent of the data set, built once through the API as staff
 * (registrations, sharing arrangements in force from today, some bets by signed ingest) and found by
 * name afterwards; a run that stopped half-way is completed. Agent `k` (1…DOWNLINE) hangs under agent
 * `floor((k - 1) / BRANCHING)`, 0 being the top: four levels below it.
 */
const ensureDownline = async (base: string, staff: Client, facts: Facts) => {
  let tree = await staff.call(api.agentTree, {});
  const top = await downlineTop(staff, facts, tree);
  const byName = new Map(tree.map((n) => [n.username, n]));
  const missing = Array.from({ length: DOWNLINE }, (_, i) => i + 1).filter(
    (k) => !byName.has(downlineName(k)),
  );
  if (missing.length > 0) console.log(`  Registering ${missing.length} downline agents…`);
  const idOf = new Map<number, string>([[0, top]]);
  for (let k = 1; k <= DOWNLINE; k++) {
    const known = byName.get(downlineName(k));
    const id =
      known?._id ??
      (
        await staff.call(api.agentRegister, {
          username: downlineName(k),
          password: FIRST_PASSWORD,
          endpoint: 'https://bench.example.com/callback',
          games: [],
          prefix: `pd${pad3(k)}`, // one length: prefix-free among themselves and the data set's
          code: `PB-DOWN-${k}`,
          agentType: 'SUBAGENT',
        })
      )._id;
    idOf.set(k, id);
  }
  tree = await staff.call(api.agentTree, {});
  const parentOf = new Map(tree.map((n) => [n._id, n.parentAgent]));
  let arranged = 0;
  for (let k = 1; k <= DOWNLINE; k++) {
    const id = idOf.get(k) ?? '';
    const parent = idOf.get(Math.floor((k - 1) / BRANCHING)) ?? '';
    if (parentOf.get(id) === parent) continue;
    await staff.call(api.agentSharingCreate, { agent: id, parentAgent: parent, parentPercentage: 10 });
    arranged++;
  }
  if (arranged > 0) console.log(`  Arranged ${arranged} sharing links of the downline.`);
  let sent = 0;
  for (let k = BETS_EVERY; k <= DOWNLINE; k += BETS_EVERY) {
    const agentId = idOf.get(k) ?? '';
    const page = await staff.call(api.transactionList, { limit: 1 }, { agentId });
    if (page.records.length > 0) continue;
    const agent = await staff.call(api.agentGet, {}, { id: agentId });
    if (!('apiKeyEncoded' in agent) || !agent.apiKeyEncoded)
      throw new Error('the bench admin sees no agent credentials');
    const [apiKey = '', secret = ''] = Buffer.from(agent.apiKeyEncoded, 'base64').toString().split(':');
    await postIngest(base, { apiKey, secret }, downlineBets(k));
    sent++;
  }
  if (sent > 0)
    console.log(`  Sent ${(sent * BETS_PER_AGENT).toLocaleString('en-US')} bets of ${sent} downline agents.`);
  return top;
};

/** One question asked by both sides: the agent side's call and staff's for the same answer (or its nearest). */
interface Question {
  name: string;
  scoped: () => Promise<unknown>;
  staff: () => Promise<unknown>;
  /** The §11 budget it falls under. */
  kind: 'list' | 'report' | 'agentReport';
  /** When staff's call is not the same answer: what staff was asked. */
  staffAsked?: string;
}

/** The cursor of page `page` of `agentId`'s list as `client` walks it (or of its last page, and which). */
const walkTo = async (client: Client, agentId: string, page: number) => {
  let cursor: string | null = null;
  let reached = 1;
  for (let n = 1; n < page; n++) {
    const data: { nextCursor: string | null } = await client.call(
      api.transactionList,
      { limit: 10, page: n, ...(cursor ? { cursor } : {}) },
      { agentId },
    );
    if (!data.nextCursor) break;
    cursor = data.nextCursor;
    reached = n + 1;
  }
  return { page: reached, cursor };
};

/** The questions of §16's scoped reads for `agentId`, asked by `portal` (scope `scope`) and by `staff`. */
const questionsFor = async (
  portal: Client,
  staff: Client,
  facts: Facts,
  agentId: string,
  scope: string[],
): Promise<Question[]> => {
  const { month, year } = facts.month;
  const daily = { day: '', month: String(month), year: String(year) };
  const monthly = { month: '', year: String(year) };
  const range = { from: facts.month.from, to: facts.month.to };
  const yearRange = { from: facts.year.from, to: facts.year.to };
  const params = { agentId };
  // Staff's answer for the whole scope: the agent's own when the scope is the agent alone, else the
  // whole platform's (staff has no question for "these agents").
  const alone = scope.length === 1;
  const staffScope = alone ? agentId : 'all';
  const staffAsked = alone ? undefined : 'staff: the whole platform';
  // Page 1000 through the cursor (or the deepest page there is), the cursor each side walked itself.
  const deepStaff = await walkTo(staff, agentId, 1000);
  const deepScoped = await walkTo(portal, agentId, deepStaff.page);
  const deep = (w: { page: number; cursor: string | null }) =>
    w.cursor ? { limit: 10, page: w.page, cursor: w.cursor } : { limit: 10, page: w.page };
  const widgetIds = scope.slice(0, 100);
  const out: Question[] = [
    {
      name: 'transaction list page 1',
      scoped: () => portal.call(api.transactionList, { limit: 10 }, params),
      staff: () => staff.call(api.transactionList, { limit: 10 }, params),
      kind: 'list',
    },
    {
      name: `transaction list page ${deepStaff.page} (cursor)`,
      scoped: () => portal.call(api.transactionList, deep(deepScoped), params),
      staff: () => staff.call(api.transactionList, deep(deepStaff), params),
      kind: 'list',
    },
    {
      name: "player list page 1 (the agent's players)",
      scoped: () => portal.call(api.userList, { page: 1, limit: 10, agent: agentId }),
      staff: () => staff.call(api.userList, { page: 1, limit: 10, agent: agentId }),
      kind: 'list',
    },
    {
      name: `player list page 1 (whole scope, ${scope.length} agent${alone ? '' : 's'})`,
      scoped: () => portal.call(api.userList, { page: 1, limit: 10 }),
      staff: () =>
        staff.call(api.userList, alone ? { page: 1, limit: 10, agent: agentId } : { page: 1, limit: 10 }),
      kind: 'list',
      staffAsked,
    },
  ];
  for (const [who, scopedId, staffId] of [
    ['the agent', agentId, agentId],
    [`all (the scope, ${scope.length} agent${alone ? '' : 's'})`, 'all', staffScope],
  ] as const) {
    const asked = scopedId === 'all' ? staffAsked : undefined;
    const both = (name: string, call: (client: Client, id: string) => Promise<unknown>) => ({
      name: `${name}, ${who}`,
      scoped: () => call(portal, scopedId),
      staff: () => call(staff, staffId),
      kind: 'report' as const,
      ...(asked ? { staffAsked: asked } : {}),
    });
    out.push(
      both('agent daily', (c, id) => c.call(api.summaryAgentDaily, daily, { agentId: id })),
      both('agent monthly', (c, id) => c.call(api.summaryAgentMonthly, monthly, { agentId: id })),
      both('game daily', (c, id) => c.call(api.summaryGameDaily, daily, { agentId: id })),
      both('game monthly', (c, id) => c.call(api.summaryGameMonthly, monthly, { agentId: id })),
      both(`game daily ${facts.brand}`, (c, id) =>
        c.call(api.summaryGameDailyByGame, range, { agentId: id, gameBrand: facts.brand }),
      ),
      both(`game monthly ${facts.brand}`, (c, id) =>
        c.call(api.summaryGameMonthlyByGame, yearRange, { agentId: id, gameBrand: facts.brand }),
      ),
    );
  }
  const dashboard = { month: String(month), year: String(year) };
  out.push(
    {
      name: 'dashboard',
      scoped: () => portal.call(api.dashboard, dashboard),
      staff: () => staff.call(api.dashboard, dashboard),
      kind: 'report',
      staffAsked: 'staff: the whole platform',
    },
    {
      name: 'agent list page 1',
      scoped: () => portal.call(api.agentList, { page: 1, limit: 10 }),
      staff: () => staff.call(api.agentList, { page: 1, limit: 10 }),
      kind: 'list',
      staffAsked: 'staff: every agent',
    },
    {
      name: 'agent get',
      scoped: () => portal.call(api.agentGet, {}, { id: agentId }),
      staff: () => staff.call(api.agentGet, {}, { id: agentId }),
      kind: 'list',
    },
    {
      name: 'agent tree',
      scoped: () => portal.call(api.agentTree, {}),
      staff: () => staff.call(api.agentTree, {}),
      kind: 'list',
      staffAsked: 'staff: every agent',
    },
    {
      name: `agent report widgets (${widgetIds.length} agent${widgetIds.length === 1 ? '' : 's'} of the scope)`,
      scoped: () => portal.call(api.agentReportMonthlyBatch, { agentIds: widgetIds, date: facts.month.to }),
      staff: () => staff.call(api.agentReportMonthlyBatch, { agentIds: widgetIds, date: facts.month.to }),
      kind: 'agentReport',
    },
  );
  return out;
};

/** Each question timed in alternation, the agent side's call and staff's in turn. */
const timeQuestions = async (questions: Question[], runs: number) => {
  const out: { q: Question; scoped: Timing; staff: Timing }[] = [];
  for (const q of questions) {
    const [scoped, staff] = (await alternating(runs, [q.scoped, q.staff])) as [Timing, Timing];
    out.push({ q, scoped, staff });
  }
  return out;
};

/** The scope's agent ids as the agent side sees it (the tree answers exactly the scope). */
const scopeOfClient = async (portal: Client) => (await portal.call(api.agentTree, {})).map((n) => n._id);

/**
 * An agent-side request for an agent outside its scope against one for an id no agent has: the same
 * 404 body, and (timed in alternation) the same time.
 */
const notFoundTiming = async (
  base: string,
  portal: Client,
  outside: string,
  unknown: string,
  runs: number,
) => {
  const rows: { name: string; outside: Timing; unknown: Timing }[] = [];
  for (const [name, pathFor, body] of [
    ['agent/get/:id', (id: string) => pathOf(api.agentGet, { id }), {}],
    [
      'transaction/:agentId/list',
      (id: string) => pathOf(api.transactionList, { agentId: id }),
      { limit: 10 },
    ],
  ] as const) {
    const ask = (id: string) => () => postRaw(base, pathFor(id), portal.token, body);
    const a = await ask(outside)();
    const b = await ask(unknown)();
    if (a.status !== Status.NOT_FOUND || JSON.stringify(a) !== JSON.stringify(b))
      throw new Error(`${name}: outside the scope ${JSON.stringify(a)} vs unknown ${JSON.stringify(b)}`);
    const [o, u] = (await alternating(runs, [ask(outside), ask(unknown)])) as [Timing, Timing];
    rows.push({ name, outside: o, unknown: u });
  }
  return rows;
};

/**
 * The agent side's scenarios (issue 42, Deliver 8): the busiest agent's operator against staff, the
 * same answers alternating (≤ RATIO× staff's median); the top of a DOWNLINE-agent downline against the
 * §11 budgets (staff's same question beside it); and the not-found timing of an id outside the scope.
 */
export const portalScenarios = async (base: string, staff: Client, facts: Facts, out: PortalOut) => {
  console.log('\nThe agent side (portal) against staff, alternating call by call:');
  const top = await ensureDownline(base, staff, facts);
  const tree = await staff.call(api.agentTree, {});
  const prefixOf = new Map(tree.map((n) => [n._id, n.prefix]));
  const busiest = { id: facts.busiest.id, prefix: facts.busiest.prefix };
  const downTop = { id: top, prefix: prefixOf.get(top) ?? '' };
  const busiestClient = await operatorClient(base, staff, busiest);
  const topClient = await operatorClient(base, staff, downTop);
  const busiestScope = await scopeOfClient(busiestClient);
  const topScope = await scopeOfClient(topClient);
  console.log(
    `  Busiest agent ${busiest.prefix} (scope ${busiestScope.length} agent(s)); downline top ${downTop.prefix} (scope ${topScope.length} agents).`,
  );

  const ratioOf = (scoped: Timing, staffTiming: Timing) => scoped.median / staffTiming.median;
  for (const { q, scoped, staff: s } of await timeQuestions(
    await questionsFor(busiestClient, staff, facts, busiest.id, busiestScope),
    out.runs,
  )) {
    const ratio = ratioOf(scoped, s);
    out.add(
      `portal: ${q.name} (busiest agent's operator) scoped vs staff${q.staffAsked ? ` (${q.staffAsked})` : ''}`,
      `≤ ${RATIO}× staff (medians)`,
      `${ms(scoped.median)} / ${ms(scoped.p95)}`,
      `staff ${ms(s.median)} / ${ms(s.p95)}, ×${ratio.toFixed(2)}`,
      ratio <= RATIO,
    );
  }

  const limitOf = (kind: Question['kind']) => out.budget[kind];
  for (const { q, scoped, staff: s } of await timeQuestions(
    await questionsFor(topClient, staff, facts, downTop.id, topScope),
    out.runs,
  )) {
    const limit = limitOf(q.kind);
    out.add(
      `portal: ${q.name} (top of the ${DOWNLINE}-agent downline, its operator)`,
      `${q.kind === 'agentReport' ? '≤' : 'p95 ≤'} ${limit} ms`,
      ms(scoped.median),
      `${ms(scoped.p95)}; staff's same question${q.staffAsked ? ` (${q.staffAsked.replace('staff: ', '')})` : ''} ${ms(s.median)} / ${ms(s.p95)}, ×${ratioOf(scoped, s).toFixed(2)}`,
      scoped.p95 <= limit,
    );
  }

  // An agent no one has: above every agent's id (staff's tree holds every agent; ids are never reused).
  const highest = tree.reduce((m, a) => (BigInt(a._id) > m ? BigInt(a._id) : m), 0n);
  const unknown = (highest + 1_000_000n).toString();
  for (const r of await notFoundTiming(base, busiestClient, downTop.id, unknown, out.runs)) {
    const ratio = r.outside.median / r.unknown.median;
    out.add(
      `portal: not found vs forbidden, ${r.name} (an agent outside the scope vs an unknown id, the same 404 body)`,
      `within ${RATIO}× either way (medians)`,
      `outside ${ms(r.outside.median)} / ${ms(r.outside.p95)}`,
      `unknown ${ms(r.unknown.median)} / ${ms(r.unknown.p95)}, ×${ratio.toFixed(2)}`,
      ratio <= RATIO && ratio >= 1 / RATIO,
    );
  }
};
