/**
 * HAProxy's own 503 (deploy/haproxy-503.http, sent when no Sereno process is up) is the app's: the same
 * pt-BR message and Retry-After, and a Content-Length that matches its body (docs/decisions/073).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { UNAVAILABLE_RETRY_SECONDS } from "#server/errors.ts";

describe("deploy/haproxy-503.http", () => {
  it("says what the app says when the service is unavailable", () => {
    const raw = readFileSync(new URL("../deploy/haproxy-503.http", import.meta.url), "utf8");
    const [head = "", body = ""] = raw.split("\r\n\r\n");
    const headers = head.split("\r\n");
    expect(headers[0]).toBe("HTTP/1.1 503 Service Unavailable");
    expect(headers).toContain(`Retry-After: ${UNAVAILABLE_RETRY_SECONDS}`);
    expect(headers).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toEqual({
      error: { code: "SERVICE_UNAVAILABLE", message: serverMessages.serviceUnavailable },
    });
  });
});
