import { type AgentOperatorRegister, type AgentOperatorUpdate, api, Status } from '@sapi/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, request } from '../../lib/api-client';

/** Operator list query default limit (spec §3, §9). */
export const OPERATOR_PAGE_SIZE = 50;

export const operatorFilterKeys = ['agent', 'username'] as const;
export type OperatorFilters = Record<(typeof operatorFilterKeys)[number], string>;
export const emptyOperatorFilters: OperatorFilters = { agent: '', username: '' };

export const operatorKeys = {
  all: ['agent-operator'] as const,
  list: (filters: OperatorFilters, page: number) => ['agent-operator', 'list', filters, page] as const,
};

export const operatorListQuery = (filters: OperatorFilters, page: number) =>
  queryOptions({
    queryKey: operatorKeys.list(filters, page),
    queryFn: ({ signal }) =>
      call(api.agentOperatorList, { body: { ...filters, page, limit: OPERATOR_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

const useInvalidateOperators = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: operatorKeys.all });
};

/**
 * Registration answers statusCode/statusMessage/data (spec §4): only 1000 with data counts as done;
 * resolves with the created operator and the server's message.
 */
export const useRegisterOperator = () => {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: async (body: AgentOperatorRegister) => {
      const answer = await request(api.agentOperatorRegister, { body });
      if (answer.status !== Status.OK || !answer.data) throw new ApiError(answer.status, answer.message);
      return { operator: answer.data, message: answer.message };
    },
    onSuccess: invalidate,
  });
};

export const useUpdateOperator = () => {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AgentOperatorUpdate }) =>
      call(api.agentOperatorUpdate, { params: { id }, body }),
    onSuccess: invalidate,
  });
};

export const useDeleteOperator = () => {
  const invalidate = useInvalidateOperators();
  return useMutation({
    mutationFn: (id: string) => call(api.agentOperatorDelete, { params: { id } }),
    onSuccess: invalidate,
  });
};
