/**
 * What a database error means for the reply (docs/decisions/018): the
 * server being unreachable is an outage (503, try again), bad data that got
 * past the schemas is the client's fault (400), anything else is ours (500).
 * Edit when a driver adds an error code worth telling apart.
 */

// postgres.js's own connection codes, and Node's socket errors.
const unreachableCodes = new Set([
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_DESTROYED",
  "CONNECTION_ENDED",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of an outage: connection exceptions (08), shutdown / cannot connect now (57P0x), too many
 * connections, statement timeout, and a write sent to a standby (25006: during a failover, a connection
 * made before the promotion or to a node that is not the primary, docs/decisions/073).
 */
function isOutageState(code: string): boolean {
  return code.startsWith("08") || /^57P0[1-4]$/.test(code) || code === "53300" || code === "57014" || code === "25006";
}

export type DatabaseFailure = "unavailable" | "bad-data" | null;

/** Looks through the error and its causes (drizzle wraps the driver's error). */
export function classifyDatabaseError(error: unknown): DatabaseFailure {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") {
      if (unreachableCodes.has(code) || isOutageState(code)) return "unavailable";
      // Class 22 (data exception: NUL byte, number out of range, bad date) and 54 (program limit: a value too big to index).
      if (/^(22|54)[0-9A-Z]{3}$/.test(code)) return "bad-data";
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
