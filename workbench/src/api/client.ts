/**
 * The one way the console talks to the server: POST + JSON to `/v3/...`, errors as data.
 * Components never call fetch; they get an `ApiClient` from `ApiProvider` (tests pass a fake).
 */

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  /** e.g. `/v3/chats/qc-scheme/page` */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface ApiClient {
  request<T>(request: ApiRequest): Promise<T>;
}

/** One problem of a refused body as the server lists it: where (`scores[2]`, '' for the body) and what. */
export interface ApiFieldError {
  readonly field: string;
  readonly message: string;
}

/**
 * A failed call: the server's `{code, message, field?, errors?}` and the HTTP status (0 when the network failed).
 * `errors` lists every field problem of a refused body, each message without the field's body name.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly errors?: readonly ApiFieldError[],
  ) {
    super(message);
  }
}

export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export interface HttpClientOptions {
  /** prefix before `/v3` (empty: same origin) */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** called on 401, e.g. to show the sign-in page */
  onUnauthorized?: () => void;
}

export function createHttpClient(options: HttpClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  return {
    async request<T>({ path, query, body }: ApiRequest): Promise<T> {
      const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}${path}${queryString(query)}`, {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body ?? {}),
        });
      } catch (error) {
        throw new ApiError(0, 'NETWORK', `网络错误 network error: ${String(error)}`);
      }
      const text = await response.text();
      let data: unknown = null;
      if (text !== '') {
        try {
          data = JSON.parse(text);
        } catch {
          data = text;
        }
      }
      if (!response.ok) {
        if (response.status === 401) options.onUnauthorized?.();
        throw toApiError(response.status, data);
      }
      return data as T;
    },
  };
}

function toApiError(status: number, data: unknown): ApiError {
  if (data && typeof data === 'object') {
    const { code, message, field, errors } = data as {
      code?: unknown;
      message?: unknown;
      field?: unknown;
      errors?: unknown;
    };
    return new ApiError(
      status,
      typeof code === 'string' ? code : `HTTP_${status}`,
      typeof message === 'string' ? message : `HTTP ${status}`,
      typeof field === 'string' ? field : undefined,
      Array.isArray(errors) ? errors.filter(isFieldError) : undefined,
    );
  }
  return new ApiError(status, `HTTP_${status}`, typeof data === 'string' && data !== '' ? data : `HTTP ${status}`);
}

function isFieldError(value: unknown): value is ApiFieldError {
  if (!value || typeof value !== 'object') return false;
  const { field, message } = value as { field?: unknown; message?: unknown };
  return typeof field === 'string' && typeof message === 'string';
}

/** The text to show for any thrown value. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
