import type {
  Adapter,
  Admin,
  Agent,
  AgentOperator,
  AgentSharing,
  AgentWithSecret,
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
  effectiveFrom: '2026-11-01',
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
  effectiveFrom: '2026-11-01',
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
