/** The response body; registration routes also repeat it as `statusCode`/`statusMessage` (docs/spec.md §4). */
export const envelope = (
  legacyStatus: boolean | undefined,
  status: number,
  error: string | null,
  data: unknown,
) =>
  legacyStatus
    ? { status, error, data, statusCode: status, statusMessage: error ?? 'Success' }
    : { status, error, data };

/** The same body as JSON text around `data`, already JSON text (http/serializer.ts). */
export const envelopeText = (
  legacyStatus: boolean | undefined,
  status: number,
  error: string | null,
  data: string,
) => {
  const head = `{"status":${status},"error":${JSON.stringify(error)},"data":${data}`;
  return legacyStatus
    ? `${head},"statusCode":${status},"statusMessage":${JSON.stringify(error ?? 'Success')}}`
    : `${head}}`;
};
