// The 20-year retention of NR-1 inventory versions (docs/decisions/026): the daily job
// deletes what is past retain_until by its own clock, keeps the rest, and the
// append-only trigger still refuses an early DELETE.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultCriteria } from "#core/risks.ts";
import { jobs, riskInventoryVersions } from "#server/db/schema/index.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";
import { purgeExpiredInventoryVersions } from "./purge-inventory-versions.ts";
import { riskJobs } from "./risks.jobs.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const timeZone = "America/Sao_Paulo";

async function version(retainUntil: string) {
  const [row] = await t.db
    .insert(riskInventoryVersions)
    .values({
      companyId: crypto.randomUUID(),
      establishmentId: crypto.randomUUID(),
      version: 1,
      retainUntil,
      publishedBy: "Gestora",
      content: {
        companyName: "Empresa antiga",
        establishmentName: "Matriz",
        cnpj: "11222333000181",
        campaignTitle: "Pesquisa",
        instrument: { title: "Questionário", licence: "Licença" },
        criteria: { ...defaultCriteria(5), version: 1 },
        lines: [],
      },
    })
    .returning({ id: riskInventoryVersions.id });
  if (!row) throw new Error("not inserted");
  return row.id;
}

const left = async (ids: string[]) =>
  (
    await t.db
      .select({ id: riskInventoryVersions.id })
      .from(riskInventoryVersions)
      .where(inArray(riskInventoryVersions.id, ids))
  ).map((row) => row.id);

describe("the NR-1 inventory retention job", () => {
  it("deletes versions whose retain_until has passed by the job's clock, keeps the others", async () => {
    const expired = await version("2020-03-01");
    const lastDay = await version("2020-03-02");
    const kept = await version("2046-11-22");
    const ids = [expired, lastDay, kept];

    // On 2020-03-02 in São Paulo (03:00 UTC is still the evening of the 1st there): nothing has passed yet.
    const early = await purgeExpiredInventoryVersions(t.db, { now: new Date("2020-03-02T02:00:00Z"), timeZone });
    expect(early.deleted).toBe(0);
    expect((await left(ids)).sort()).toEqual([...ids].sort());

    // On 2020-03-02 at noon: the version kept through 2020-03-01 goes; the one kept through today stays.
    const onTheDay = await purgeExpiredInventoryVersions(t.db, { now: new Date("2020-03-02T15:00:00Z"), timeZone });
    expect(onTheDay.deleted).toBe(1);
    expect((await left(ids)).sort()).toEqual([lastDay, kept].sort());

    // A clock far ahead of the database cannot purge early: the trigger's date is the floor.
    const ahead = await purgeExpiredInventoryVersions(t.db, { now: new Date("2100-01-01T12:00:00Z"), timeZone });
    expect(ahead.deleted).toBe(1);
    expect(await left(ids)).toEqual([kept]);

    // The trigger itself still refuses deleting a version inside its 20 years.
    await expect(t.db.delete(riskInventoryVersions).where(eq(riskInventoryVersions.id, kept))).rejects.toThrow();
    expect(await left(ids)).toEqual([kept]);
  });

  it("runs as the daily 'risk-inventory-retention' job through the job runner", async () => {
    const expired = await version("2021-06-30");
    const kept = await version("2045-06-30");
    const definitions = riskJobs({ env: { ...t.app.deps.env, TZ_DEFAULT: timeZone }, mailer: t.mailer }).filter(
      (definition) => definition.name === "risk-inventory-retention",
    );
    const now = new Date("2026-11-23T12:00:00Z");
    await scheduleDailyJobs(t.db, definitions, now);
    expect(await runDueJobs({ db: t.db, definitions, now })).toEqual({ finished: 1, failed: 0 });
    expect(await left([expired, kept])).toEqual([kept]);
    const [job] = await t.db.select().from(jobs).where(eq(jobs.name, "risk-inventory-retention"));
    expect(job?.key).toBeDefined();
  });
});
