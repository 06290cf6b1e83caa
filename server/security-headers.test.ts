/** CSP and framing rules that agree with each other (docs/decisions/018). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe("security headers", () => {
  it("forbids <base> and framing, in the CSP and in X-Frame-Options alike", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/config" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });
});
