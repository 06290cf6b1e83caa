/**
 * The one way the web talks to the server: same-origin fetch with the session
 * cookie, JSON in and out. A non-2xx reply becomes an ApiError carrying the
 * server's pt-BR message; a network failure, or no answer within
 * REQUEST_TIMEOUT_MS, becomes the spec's connection error, so no button waits
 * forever on a dead connection.
 */
import type { ErrorCode } from "#core/error-codes.ts";
import { messages } from "#core/messages.ts";
import { takeEarlyRead } from "#web/lib/early-me.ts";

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field?: string;
  readonly requestId?: string;

  constructor(status: number, code: ErrorCode, message: string, extra: { field?: string; requestId?: string } = {}) {
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

/** How long a request may go unanswered before it counts as a connection error. */
export const REQUEST_TIMEOUT_MS = 15_000;

type Options = {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** A request sent earlier answers like one sent here: the same timeout and the same errors. */
function untilAborted(sent: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    sent.then(resolve, reject);
  });
}

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  const isForm = typeof FormData !== "undefined" && options.body instanceof FormData;
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal;
  // The same GET, already sent by the page before the app loaded (the session, a dashboard's first reads):
  // its answer is used, once (web/lib/early-me.ts).
  const isPlainGet = options.method === undefined && options.body === undefined && options.headers === undefined;
  const sent = isPlainGet ? takeEarlyRead(path) : undefined;
  let response: Response;
  let text: string;
  try {
    response = sent
      ? await untilAborted(sent, signal)
      : await fetch(path, {
          method: options.method ?? (options.body === undefined ? "GET" : "POST"),
          credentials: "same-origin",
          signal,
          headers: {
            accept: "application/json",
            ...(options.body !== undefined && !isForm ? { "content-type": "application/json" } : {}),
            ...options.headers,
          },
          body:
            options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        });
    text = response.status === 204 ? "" : await response.text();
  } catch (error) {
    // Cancelled by the caller (a query that is no longer needed): not a failure to report.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, "NETWORK", messages.networkError);
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 204) return undefined as T;
  const body = text ? safeJson(text) : undefined;
  if (!response.ok) throw apiErrorOf(response.status, body, (error) => error?.message ?? messages.internalError);
  return body as T;
}

type ErrorReply = { code?: ErrorCode; message?: string; field?: string; requestId?: string };

/**
 * The ApiError of a refused request, from the server's body (server/errors.ts ErrorBody, its code one of
 * core/error-codes.ts); `messageOf` picks the text shown.
 */
export function apiErrorOf(
  status: number,
  body: unknown,
  messageOf: (error: ErrorReply | undefined) => string,
): ApiError {
  const error = (body as { error?: ErrorReply } | undefined)?.error;
  return new ApiError(status, error?.code ?? "HTTP_ERROR", messageOf(error), {
    field: error?.field,
    requestId: error?.requestId,
  });
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
