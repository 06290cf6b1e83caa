/**
 * The one logger factory (main.ts and the log test use it). Logs never hold
 * tokens, passwords, SQL parameters, moods or notes (docs/decisions/016):
 * request URLs lose their secret query values and reset-password tokens,
 * errors lose the query parameters and row values that database drivers
 * attach to them. Edit when a new route carries a secret in its URL.
 */
import type { Writable } from "node:stream";
import pino, { type Logger } from "pino";

const REDACTED = "[redacted]";
/** Query parameters whose values are secrets: invite and reset tokens, OAuth codes. */
const SECRET_PARAMS = new Set(["token", "code", "state", "callbackurl"]);
/** better-auth's reset link carries its token in the path: /api/auth/reset-password/<token>. */
const SECRET_PATHS = [/^(\/api\/auth\/reset-password\/)[^/?#]+/];

/** The URL as logged: secret query values and path tokens replaced by [redacted]. */
export function redactUrl(url: string): string {
  const [rawPath = "", ...rest] = url.split("?");
  let cleanPath = rawPath;
  for (const pattern of SECRET_PATHS) cleanPath = cleanPath.replace(pattern, `$1${REDACTED}`);
  if (rest.length === 0) return cleanPath;
  const query = rest
    .join("?")
    .split("&")
    .map((pair) => {
      const [name = ""] = pair.split("=");
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {}
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=${REDACTED}` : pair;
    })
    .join("&");
  return `${cleanPath}?${query}`;
}

type Loggable = { type: string; message: string; code?: string; constraint?: string; table?: string; stack?: string };

/**
 * A driver's message may quote the offending value ('invalid input syntax for
 * type uuid: "…"'), a mail transport's the address; Drizzle's adds the SQL and
 * its parameters. Keep the words, drop the values.
 */
function safeMessage(message: string): string {
  const withoutParams = message.split(/\r?\nparams:/)[0] ?? "";
  return (
    withoutParams
      .replace(/:\s*".*$/s, `: "${REDACTED}"`)
      // A mail transport's refusal names the recipient.
      .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[e-mail]")
  );
}

/**
 * An error as it may be logged: its type, a cleaned message, the SQLSTATE and
 * constraint (never `detail`, which holds the row's values, nor `params`), the
 * stack frames without the message line, and the same for its cause.
 */
export function loggableError(error: unknown, depth = 0): Loggable & { cause?: Loggable } {
  if (!(error instanceof Error)) return { type: typeof error, message: REDACTED };
  const fields = error as Error & { code?: unknown; constraint?: unknown; constraint_name?: unknown; table?: unknown };
  const constraint = fields.constraint ?? fields.constraint_name;
  const result: Loggable & { cause?: Loggable } = {
    type: error.name || error.constructor?.name || "Error",
    message: safeMessage(error.message),
    ...(typeof fields.code === "string" ? { code: fields.code } : {}),
    ...(typeof constraint === "string" ? { constraint } : {}),
    ...(typeof fields.table === "string" ? { table: fields.table } : {}),
    stack: error.stack
      ?.split("\n")
      .filter((line) => line.trimStart().startsWith("at "))
      .join("\n"),
  };
  if (error.cause !== undefined && depth < 3) result.cause = loggableError(error.cause, depth + 1);
  return result;
}

type RequestLike = { method?: string; url?: string; ip?: string; headers?: Record<string, unknown> };

const logSerializers = {
  req: (req: RequestLike) => ({ method: req.method, url: redactUrl(req.url ?? ""), remoteAddress: req.ip }),
  err: (err: unknown) => (err instanceof Error ? loggableError(err) : err),
};

/** The process logger; tests pass a stream to read every line back. */
export function createLogger(options: { level: string; stream?: Writable }): Logger {
  const settings = {
    level: options.level,
    serializers: logSerializers,
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.newPassword", "*.token"],
      remove: true,
    },
  };
  return options.stream ? pino(settings, options.stream) : pino(settings);
}
