import { type BodyOf, type DataOf, type Language, type RouteDef, Status } from '@sapi/contract';
import { ApiError, issuesOf, UNABLE_TO_PROCESS, urlOf } from './api-client';
import { authStore } from './auth-store';

/** What an upload answered: the route's data, or (a CSV route) the file. */
export type UploadAnswer<R extends RouteDef> = { data: DataOf<R> } | { file: Blob };

/**
 * Send a file to an upload route (contract `upload: 'csv'`: the file is the body, the route's input the
 * query string) with the signed-in token, telling `onProgress` the share sent (0–1) as it goes — fetch
 * cannot, so this is an XMLHttpRequest. A refusal comes back as an {@link ApiError}, like every call.
 */
export function uploadFile<R extends RouteDef>(
  def: R,
  options: {
    params: Record<string, string>;
    query: BodyOf<R>;
    file: Blob;
    language: Language;
    onProgress?: (sent: number) => void;
  },
): Promise<UploadAnswer<R>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query as Record<string, unknown>)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const token = authStore.getToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(def.method, `${urlOf(def, options.params)}?${query.toString()}`);
    xhr.responseType = 'blob';
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader('accept', def.format === 'csv' ? 'text/csv, application/json' : 'application/json');
    xhr.setRequestHeader('accept-language', options.language);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(Status.NO_RESPONSE, UNABLE_TO_PROCESS));
    xhr.onload = async () => {
      const answer = xhr.response as Blob;
      const type = xhr.getResponseHeader('content-type') ?? '';
      if (xhr.status === 200 && type.includes('text/csv')) {
        resolve({ file: answer });
        return;
      }
      const body = (await answer
        .text()
        .then((text) => JSON.parse(text) as unknown)
        .catch(() => null)) as { status?: number; error?: string; data?: unknown } | null;
      if (body?.status === Status.OK && def.format !== 'csv') {
        const parsed = def.data.safeParse(body.data);
        if (parsed.success) resolve({ data: parsed.data as DataOf<R> });
        else reject(new ApiError(Status.NO_BODY, UNABLE_TO_PROCESS));
        return;
      }
      if (body?.status === Status.UNAUTHENTICATED) authStore.sessionExpired();
      reject(
        new ApiError(body?.status ?? Status.NO_BODY, body?.error || UNABLE_TO_PROCESS, issuesOf(body?.data)),
      );
    };
    xhr.send(options.file);
  });
}
