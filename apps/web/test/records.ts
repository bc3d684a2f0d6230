import type {
  Adapter,
  Admin,
  Agent,
  AgentOperator,
  AgentSharing,
  AgentWithSecret,
  Approval,
  Payment,
  SettlementLine,
  SettlementStatement,
  Transaction,
  User,
} from '@sapi/contract';

/** Records as the API answers them, for screens rendered without a server. */
const stamps = { createdAt: '2024-05-01T03:04:05.000Z', updatedAt: '2024-05-01T03:04:05.000Z' };

export const agentRecord = (over: Partial<Agent> = {}): Agent => ({
  _id: '11',
  username: 'senior_one',
  endpoint: 'https://s1.partner.example.com/callback',
  games: [],
  prefix: 's1',
  code: 'SEN-1',
  apiKey: 'ak_1',
  agentType: 'SENIOR',
  createdBy: 'admin',
  locked: false,
  ...stamps,
  ...over,
});

export const userRecord = (over: Partial<User> = {}): User => ({
  _id: '21',
  username: 's1bob',
  name: 'bob',
  agent: '11',
  agentUsername: 'senior_one',
  agentPrefix: 's1',
  betLimit: 1000,
  locked: false,
  activeGamePlaying: null,
  lastGamePlaying: [],
  ...stamps,
  ...over,
});

export const adminRecord = (over: Partial<Admin> = {}): Admin => ({
  _id: '31',
  username: 'op_one',
  type: 'OPERATOR',
  locked: false,
  activeLoginIP: null,
  createdBy: 'admin',
  ...stamps,
  ...over,
});

export const adapterRecord = (over: Partial<Adapter> = {}): Adapter => ({
  _id: '41',
  name: 'Golden Slots',
  codename: 'GOLDEN',
  endpoint: 'https://golden.example.com/api',
  type: 'SLOT',
  logo: 'https://golden.example.com/logo.png',
  isDisable: false,
  ...stamps,
  ...over,
});

export const operatorRecord = (over: Partial<AgentOperator> = {}): AgentOperator => ({
  _id: '51',
  agent: '11',
  agentUsername: 'senior_one',
  agentPrefix: 's1',
  username: 'desk_one',
  type: 'OPERATOR',
  locked: false,
  totpEnabled: false,
  ...stamps,
  ...over,
});

export const sharingRecord = (over: Partial<AgentSharing> = {}): AgentSharing => ({
  _id: '61',
  agent: '12',
  agentUsername: 'child_one',
  agentPrefix: 'c1',
  parentAgent: '11',
  parentAgentUsername: 'senior_one',
  parentAgentPrefix: 's1',
  parentPercentage: 35,
  isDisable: false,
  effectiveFrom: '2024-05-01',
  settleEachPeriod: false,
  pendingChange: null,
  ...stamps,
  ...over,
});

/** Fixed records the dialog tests open their forms on. */

/** Records as the API answers them, for screens under test. */
export const anAgent: AgentWithSecret = {
  _id: '7',
  username: 'senior_one',
  endpoint: 'https://senior.example.com/callback',
  games: ['PGSOFT'],
  prefix: 'ab',
  code: 'SENIOR-1',
  apiKey: 'ak_0123456789',
  agentType: 'SENIOR',
  createdBy: 'admin',
  locked: false,
  createdAt: stamps.createdAt,
  updatedAt: stamps.createdAt,
  secret: 'secret-0123456789abcdef',
  apiKeyEncoded: 'encoded-0123456789',
};

export const aPlayer: User = {
  _id: '21',
  username: 'abalice',
  name: 'alice',
  agent: '7',
  agentUsername: 'senior_one',
  agentPrefix: 'ab',
  betLimit: 1500.5,
  locked: false,
  activeGamePlaying: null,
  lastGamePlaying: [],
  createdAt: stamps.createdAt,
  updatedAt: stamps.createdAt,
};

export const anOperator: AgentOperator = {
  _id: '31',
  agent: '7',
  agentUsername: 'senior_one',
  agentPrefix: 'ab',
  username: 'op_one',
  type: 'OPERATOR',
  locked: false,
  totpEnabled: false,
  createdAt: stamps.createdAt,
  updatedAt: stamps.createdAt,
};

export const aSharing: AgentSharing = {
  _id: '41',
  agent: '8',
  agentUsername: 'agent_two',
  agentPrefix: 'cd',
  parentAgent: '7',
  parentAgentUsername: 'senior_one',
  parentAgentPrefix: 'ab',
  parentPercentage: 35,
  isDisable: false,
  effectiveFrom: '2024-05-01',
  settleEachPeriod: false,
  pendingChange: null,
  createdAt: stamps.createdAt,
  updatedAt: stamps.createdAt,
};

/** An instant given as a wall-clock time in Thailand (UTC+7, no daylight saving), month from 0 like Date. */
export const bangkokTime = (
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
) => new Date(Date.UTC(year, month, day, hour - 7, minute, second, ms));

/** A bet row of an agent's transaction list. */
export const transactionRecord = (over: Partial<Transaction> = {}): Transaction => ({
  _id: '1',
  agent: '7',
  user: '21',
  username: 'p01',
  betId: 'B1',
  betType: 'SETTLE',
  betTypeFromGame: 'bet',
  gameBrand: 'PG',
  gameCode: 'mahjong-ways',
  amount: 10,
  startDate: stamps.createdAt,
  endDate: null,
  createdAt: stamps.createdAt,
  ...over,
});

/** One arrangement's line of a settlement statement: child_one (c1) → senior_one (s1), 35 % all month. */
export const settlementLine = (over: Partial<SettlementLine> = {}): SettlementLine => ({
  sharing: '61',
  agent: '12',
  agentUsername: 'child_one',
  agentPrefix: 'c1',
  parentAgent: '11',
  parentAgentUsername: 'senior_one',
  parentAgentPrefix: 's1',
  segments: [{ from: '2025-03-01', to: '2025-03-31', parentPercentage: 35, winLose: -100, parentShare: 35 }],
  winLose: -100,
  parentShare: 35,
  adjustment: 0,
  adjustments: [],
  carriedIn: 0,
  paymentsToParent: 0,
  paymentsToChild: 0,
  outstanding: 35,
  settleEachPeriod: false,
  ...over,
});

/** A statement of March 2025 with the given lines, totals summed per parent. */
export const settlementStatement = (
  lines: SettlementLine[],
  over: Partial<SettlementStatement> = {},
): SettlementStatement => {
  const sum = (
    items: SettlementLine[],
    key:
      | 'winLose'
      | 'parentShare'
      | 'adjustment'
      | 'carriedIn'
      | 'paymentsToParent'
      | 'paymentsToChild'
      | 'outstanding',
  ) => Math.round(items.reduce((acc, l) => acc + Number(l[key]), 0) * 100) / 100;
  const parents = [...new Set(lines.map((l) => l.parentAgent))].map((parentAgent) => {
    const mine = lines.filter((l) => l.parentAgent === parentAgent);
    const first = mine[0] as SettlementLine;
    return {
      parentAgent,
      parentAgentUsername: first.parentAgentUsername,
      parentAgentPrefix: first.parentAgentPrefix,
      winLose: sum(mine, 'winLose'),
      parentShare: sum(mine, 'parentShare'),
      adjustment: sum(mine, 'adjustment'),
      outstanding: sum(mine, 'outstanding'),
    };
  });
  return {
    year: '2025',
    month: '3',
    status: 'open',
    lines,
    parents,
    total: {
      winLose: sum(lines, 'winLose'),
      parentShare: sum(lines, 'parentShare'),
      adjustment: sum(lines, 'adjustment'),
      carriedIn: sum(lines, 'carriedIn'),
      paymentsToParent: sum(lines, 'paymentsToParent'),
      paymentsToChild: sum(lines, 'paymentsToChild'),
      outstanding: sum(lines, 'outstanding'),
    },
    rule: 'downline-by-day',
    ...over,
  };
};

export const approvalRecord = (over: Partial<Approval> = {}): Approval => ({
  _id: '81',
  kind: 'settlement-close',
  status: 'pending',
  requestedBy: '2',
  requestedByUsername: 'admin_two',
  requestedAt: stamps.createdAt,
  summary: { year: '2025', month: '3' },
  ...over,
});

export const paymentRecord = (over: Partial<Payment> = {}): Payment => ({
  _id: '91',
  sharing: '61',
  agent: '12',
  agentUsername: 'child_one',
  parentAgent: '11',
  parentAgentUsername: 'senior_one',
  direction: 'to-parent',
  amount: 20,
  paidOn: '2025-03-20',
  reference: 'TR-1',
  note: '',
  createdBy: '1',
  createdByUsername: 'admin',
  createdAt: stamps.createdAt,
  ...over,
});
