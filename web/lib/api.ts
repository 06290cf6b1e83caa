/**
 * The one way the web talks to the server: same-origin fetch with the session
 * cookie, JSON in and out. A non-2xx reply becomes an ApiError carrying the
 * server's pt-BR message; a network failure becomes the spec's connection error.
 */
import { messages } from "#core/messages.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;
  readonly requestId?: string;

  constructor(status: number, code: string, message: string, extra: { field?: string; requestId?: string } = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = extra.field;
    this.requestId = extra.requestId;
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      signal: options.signal,
      headers: {
        accept: "application/json",
        ...(options.body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", messages.networkError);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const error = (body as { error?: { code?: string; message?: string; field?: string; requestId?: string } })?.error;
    throw new ApiError(response.status, error?.code ?? "HTTP_ERROR", error?.message ?? messages.internalError, {
      field: error?.field,
      requestId: error?.requestId,
    });
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
