import {
  type Approval,
  type ApprovalKind,
  type ApprovalStatus,
  api,
  approvalKinds,
  approvalStatuses,
} from '@sapi/contract';
import { businessMonth } from '../../lib/business-time';
import { routeQuery, useBodyMutation, useUpdateMutation } from '../../lib/query-keys';
import { defineList, sortBody } from '../../lib/use-list-screen';

const currentYear = () => String(businessMonth().year);

/** The periods of a year up to this month, with their status (the settlement hub). */
export const periodsList = defineList({
  route: api.settlementPeriods,
  filters: ['year'],
  defaults: () => ({ year: currentYear() }),
  body: ({ year }) => ({ year }),
});

/** The statement of one period (open months live, closed months as frozen). */
export const statementQuery = (year: string, month: string) =>
  routeQuery(api.settlementList, { body: { year, month } });

/** The payments recorded in one period (every page: a month's payments are few). */
export const periodPaymentsQuery = (year: string, month: string) =>
  routeQuery(api.settlementPaymentList, { body: { year, month, page: 1, limit: 100 } });

// A status or kind the contract names, else '' (every one): an edited URL is no filter.
const statusOf = (value: string): ApprovalStatus | '' => approvalStatuses.find((s) => s === value) ?? '';
const kindOf = (value: string): ApprovalKind | '' => approvalKinds.find((k) => k === value) ?? '';

/** Every approval, pending first by the filter's default, 20 a page (managers). */
export const approvalsList = defineList({
  route: api.approvalList,
  filters: ['status', 'kind', 'sort', 'order'],
  pageSize: 20,
  body: (filters) => ({
    status: statusOf(filters.status),
    kind: kindOf(filters.kind),
    ...sortBody(filters, ['requestedAt'] as const),
  }),
});

/** The approvals waiting for a decision (the hub's panel). */
export const pendingApprovalsQuery = routeQuery(api.approvalList, {
  body: { status: 'pending', page: 1, limit: 50 },
});

// A close, a decision or a payment changes the statements: every settlement screen reads again.
export const useRequestClose = () => useBodyMutation(api.settlementClose, [api.approvalList]);
export const useApprove = () =>
  useUpdateMutation(api.approvalApprove, [api.settlementList, api.agentSharingList]);
export const useReject = () =>
  useUpdateMutation(api.approvalReject, [api.settlementList, api.agentSharingList]);
export const useCreatePayment = () => useBodyMutation(api.settlementPaymentCreate);
export const useVoidPayment = () => useUpdateMutation(api.settlementPaymentVoid);

export const isCloseSummary = (
  summary: Approval['summary'],
): summary is Extract<Approval['summary'], { year: string; month: string }> =>
  'year' in summary && 'month' in summary;
