/**
 * TRUST_PROXY (docs/scaling-out.md): behind a load balancer the sign-in
 * limits count the person's address from X-Forwarded-For, and only when told
 * to; otherwise a forged header cannot move a person to a fresh limit.
 */
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { rowsOf } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** One failed sign-in sent by `balancer` for `person`; the address the limits counted it under. */
async function countedAddress(env: Record<string, string>, balancer: string, person: string): Promise<string[]> {
  const t = await createTestApp({ env });
  apps.push(t);
  await t.app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json", "x-forwarded-for": person },
    payload: { email: "ninguem@exemplo.com.br", password: "senha-errada-123" },
    remoteAddress: balancer,
  });
  const rows = rowsOf<{ key: string }>(
    await t.db.execute(sql`SELECT key FROM rate_limits WHERE key LIKE 'sign-in:ip:%'`),
  );
  return rows.map((row) => row.key.slice("sign-in:ip:".length));
}

describe("TRUST_PROXY", () => {
  it("unset, the socket's address counts and X-Forwarded-For is ignored", async () => {
    expect(await countedAddress({}, "10.0.0.5", "203.0.113.7")).toEqual(["10.0.0.5"]);
  });

  it("set to the balancer's address, the address it forwarded counts", async () => {
    expect(await countedAddress({ TRUST_PROXY: "10.0.0.5" }, "10.0.0.5", "203.0.113.7")).toEqual(["203.0.113.7"]);
  });

  it("as CIDRs, only those balancers are believed", async () => {
    expect(await countedAddress({ TRUST_PROXY: "10.0.0.0/8" }, "10.0.0.5", "203.0.113.7")).toEqual(["203.0.113.7"]);
    expect(await countedAddress({ TRUST_PROXY: "10.0.0.0/8" }, "192.0.2.9", "203.0.113.7")).toEqual(["192.0.2.9"]);
  });

  it("refuses anything else, a hop count included", () => {
    expect(() => parseEnv({ NODE_ENV: "test", TRUST_PROXY: "yes please" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ NODE_ENV: "test", TRUST_PROXY: "1" })).toThrow(/TRUST_PROXY/);
  });
});
