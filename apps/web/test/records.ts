import type { AgentOperator, AgentSharing, AgentWithSecret, User } from '@sapi/contract';

const at = '2024-05-01T03:04:05.000Z';

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
  createdAt: at,
  updatedAt: at,
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
  createdAt: at,
  updatedAt: at,
};

export const anOperator: AgentOperator = {
  _id: '31',
  agent: '7',
  agentUsername: 'senior_one',
  agentPrefix: 'ab',
  username: 'op_one',
  type: 'OPERATOR',
  locked: false,
  createdAt: at,
  updatedAt: at,
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
  createdAt: at,
  updatedAt: at,
};
