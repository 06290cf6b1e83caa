/** API replies carry nosniff, not the HTML page's whole header set (docs/decisions/018; HTML: static-site.test.ts). */
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
  it("sends JSON with nosniff and without CSP or framing headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/config" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBeUndefined();
    expect(response.headers["x-frame-options"]).toBeUndefined();
  });
});
