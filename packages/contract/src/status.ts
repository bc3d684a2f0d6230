/** Server status codes of DESIGN §4 and the client-only codes of spec §8. */
export const Status = {
  OK: 1000,
  VALIDATION: 2001,
  NOT_FOUND: 2004,
  CONFLICT: 2009,
  UNAUTHENTICATED: 3001,
  BAD_CREDENTIALS: 3002,
  LOCKED: 3003,
  FORBIDDEN: 3004,
  TOO_MANY: 3029,
  INTERNAL: 9000,
  /** Client side: the request got no response at all. */
  NO_RESPONSE: 4000,
  /** Client side: a response arrived without a readable body. */
  NO_BODY: 5000,
} as const;
export type StatusCode = (typeof Status)[keyof typeof Status];

/** HTTP status that goes with each server status code. */
export const httpStatusOf: Record<number, number> = {
  [Status.OK]: 200,
  [Status.VALIDATION]: 400,
  [Status.NOT_FOUND]: 404,
  [Status.CONFLICT]: 409,
  [Status.UNAUTHENTICATED]: 401,
  [Status.BAD_CREDENTIALS]: 401,
  [Status.LOCKED]: 403,
  [Status.FORBIDDEN]: 403,
  [Status.TOO_MANY]: 429,
  [Status.INTERNAL]: 500,
};
