/** Refusals that happen before a route runs still answer pt-BR JSON with a request id (docs/decisions/018). */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverMessages } from "#core/server-messages.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("early refusals", () => {
  it("answers an over-long path parameter with 414 in pt-BR", async () => {
    const response = await t.app.inject({ method: "GET", url: `/api/check-ins/${"a".repeat(300)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json().error.message).toBe(serverMessages.uriTooLong);
    expect(response.json().error.requestId).toBe(response.headers["x-request-id"]);
  });

  it("answers over-large headers with 431 in pt-BR, with a request id", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as net.AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk.toString("utf8");
      });
      socket.on("close", () => resolve(received));
      socket.on("error", (error) => (received ? resolve(received) : reject(error)));
      socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431/);
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4));
    expect(body.error.message).toBe(serverMessages.headersTooLarge);
    expect(raw).toContain(`x-request-id: ${body.error.requestId}`);
  });
});
