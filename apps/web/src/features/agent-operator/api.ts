import { type AgentOperatorRegister, api, Status } from '@sapi/contract';
import { ApiError, request } from '../../lib/api-client';
import { useIdMutation, useResourceMutation, useUpdateMutation } from '../../lib/query-keys';
import { defineList, sortBody } from '../../lib/use-list-screen';

/** The operators, filtered by agent and username (docs/spec.md §3, §9: 50 a page). */
export const operatorList = defineList({
  route: api.agentOperatorList,
  filters: ['agent', 'username', 'sort', 'order'],
  pageSize: 50,
  body: (filters) => ({
    agent: filters.agent,
    username: filters.username,
    ...sortBody(filters, ['username', 'createdAt'] as const),
  }),
});

/**
 * Registration answers statusCode/statusMessage/data (docs/spec.md §4): only 1000 with data counts as done;
 * resolves with the created operator and the server's message.
 */
export const useRegisterOperator = () =>
  useResourceMutation(api.agentOperatorRegister, async (body: AgentOperatorRegister) => {
    const answer = await request(api.agentOperatorRegister, { body });
    if (answer.status !== Status.OK || !answer.data) throw new ApiError(answer.status, answer.message);
    return { operator: answer.data, message: answer.message };
  });

export const useUpdateOperator = () => useUpdateMutation(api.agentOperatorUpdate);
export const useDeleteOperator = () => useIdMutation(api.agentOperatorDelete);
export const useResetOperatorTotp = () => useIdMutation(api.agentOperatorTotpReset);
