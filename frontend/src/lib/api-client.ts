// THE one fetch wrapper (docs/product.md#api-calls): cookies included, bearer token from localStorage.authToken,
// JSON bodies, and every non-ok answer raises Error('{status}: {body text or statusText}').
import { env } from '@/config/env';

export const AUTH_TOKEN_KEY = 'authToken';

export function getAuthToken(): string | null {
  try {
    return window.localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setAuthToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(AUTH_TOKEN_KEY, token);
    else window.localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // storage unavailable (private mode): the session just will not survive a reload
  }
}

function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A non-ok answer. `message` is '{status}: {body text or statusText}' (docs/product.md#api-calls). */
export class ApiError extends Error {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** Parsed JSON body when the body is JSON (`{message, errors}`), else null. */
  readonly data: unknown;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.data = parseJson(bodyText);
  }

  /** The server's `message` field, when the body carries one. */
  get serverMessage(): string | null {
    const d = this.data as { message?: unknown } | null;
    return d && typeof d.message === 'string' && d.message ? d.message : null;
  }

  /** The server's machine-readable `code` (e.g. 'email-not-verified'), when the body carries one. */
  get code(): string | null {
    const d = this.data as { code?: unknown } | null;
    return d && typeof d.code === 'string' && d.code ? d.code : null;
  }

  /** Per-field messages of a 400 answer. */
  get fieldErrors(): Record<string, string> {
    const d = this.data as { errors?: unknown } | null;
    return d && d.errors && typeof d.errors === 'object' ? (d.errors as Record<string, string>) : {};
  }
}

/** The user-facing text of an error: the server's message, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export type RequestOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'returnNull' answers null on 401 instead of throwing (docs/product.md#api-calls: the donate page's reads). */
  on401?: 'throw' | 'returnNull';
};

export async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const url = path.startsWith('http') ? path : new URL(`${env.apiBaseUrl}${path}`, window.location.href).toString();
  const res = await fetch(url, { method, headers, body, credentials: 'include', signal: options.signal });

  if (res.status === 401 && options.on401 === 'returnNull') return null as T;
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  if (!text) return undefined as T;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json')) return JSON.parse(text) as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    return text as T;
  }
}

/**
 * Downloads a file the API serves as an attachment (a CSV export): fetched with the bearer token
 * like every call, then saved under the server's file name (or `fallbackName`).
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const headers: Record<string, string> = {};
  const token = getAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const url = new URL(`${env.apiBaseUrl}${path}`, window.location.href).toString();
  const res = await fetch(url, { headers, credentials: 'include' });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, res.statusText, text);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
  return name;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T = void>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, options),
};
