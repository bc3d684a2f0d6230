/** The response body; registration routes also repeat it as `statusCode`/`statusMessage` (spec §4). */
export const envelope = (
  legacyStatus: boolean | undefined,
  status: number,
  error: string | null,
  data: unknown,
) =>
  legacyStatus
    ? { status, error, data, statusCode: status, statusMessage: error ?? 'Success' }
    : { status, error, data };
