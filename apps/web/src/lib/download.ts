import { type BodyOf, type Language, type RouteDef, Status } from '@sapi/contract';
import { ApiError, issuesOf, UNABLE_TO_PROCESS, urlOf } from './api-client';
import { authStore } from './auth-store';

/**
 * Fetch a CSV export route with the signed-in token and hand the file to the browser; the header row
 * comes in the language asked for (`Accept-Language`, contract `languageOf`).
 * Errors come back as {@link ApiError}, like every other call.
 */
export async function downloadCsv<R extends RouteDef>(
  def: R,
  options: {
    body?: BodyOf<R>;
    params?: Record<string, string>;
    filename: string;
    /** The language of the screen: the file's header row is written in it. */
    language: Language;
    /** Rewrite the CSV text before saving (e.g. keep only the rows shown on screen). */
    transform?: (csv: string) => string;
  },
): Promise<void> {
  const token = authStore.getToken();
  let response: Response;
  try {
    response = await fetch(urlOf(def, options.params), {
      method: def.method,
      headers: {
        'content-type': 'application/json',
        accept: 'text/csv, application/json',
        'accept-language': options.language,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(options.body ?? {}),
    });
  } catch {
    throw new ApiError(Status.NO_RESPONSE, UNABLE_TO_PROCESS);
  }
  if (!response.ok || !(response.headers.get('content-type') ?? '').includes('text/csv')) {
    const body = (await response.json().catch(() => null)) as {
      status?: number;
      error?: string;
      data?: unknown;
    } | null;
    if (body?.status === Status.UNAUTHENTICATED) authStore.sessionExpired();
    // The reasons too, so a refused export (a range too long…) says why in the user's language.
    throw new ApiError(
      body?.status ?? Status.NO_BODY,
      body?.error || UNABLE_TO_PROCESS,
      issuesOf(body?.data),
    );
  }
  const blob = options.transform
    ? // Response.text() drops the BOM; put it back so Excel still reads UTF-8 (docs/design.md §4).
      new Blob([`\uFEFF${options.transform(await response.text())}`], { type: 'text/csv;charset=utf-8' })
    : await response.blob();
  saveFile(blob, options.filename);
}

/** Hand a file the page holds to the browser, as a download named `filename`. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
