import type { PortalRole } from '@sapi/contract';
import type { StubSelf } from './api-stub';

/** The self answer of an agent-side account of agent 11 `senior_one` (prefix s1), by role (docs/design.md §16). */
export const portalSelf = (role: PortalRole): StubSelf => ({
  username: role === 'AGENT' ? 'senior_one' : 'op@s1',
  kind: role === 'AGENT' ? 'agent' : 'operator',
  type: role === 'AGENT' ? 'AGENT' : (role.slice('AGENT_'.length) as 'OPERATOR'),
  role,
  id: role === 'AGENT' ? '11' : '5',
  agentId: '11',
  agentUsername: 'senior_one',
  prefix: 's1',
});
