/**
 * The NR-1 inventory's data for analysis (1.5.7.3.2 d) carries the Canal de
 * escuta's last closed quarter (issue 35): shown counts only, on the lines of
 * the hazard their categories feed.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closedQuarters } from "#core/listening.ts";
import type { RiskInventoryContent } from "#core/schemas/risk-inventory.ts";
import { listeningCases, riskInventoryVersions } from "#server/db/schema/index.ts";
import { allAnswers, riskCompany, storedAnswers } from "#tests/api/risks.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
// The last evening of a quarter in São Paulo, when the UTC date is already the next quarter's first day: the
// quarter still running there is not closed, so line d names the one before it (the route once took UTC's day,
// and named the running quarter on 31 March, 30 June, 30 September and 31 December from 21:00).
const clock = testClock("2026-12-31T22:30:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

it("inventory line d names the quarter's shown counts of the hazard's categories", async () => {
  const { company, manager, campaign, large, members } = await riskCompany(t, { large: 5, small: 0 });
  const as = manager.as;
  await as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
  for (const member of members)
    await member.as({ method: "POST", url: `/api/risks/survey/${campaign.id}`, payload: { answers: allAnswers(4) } });
  await as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/close`, payload: {} });
  await storedAnswers(t.db, campaign.id, large.id, 40, 4);
  // The last closed quarter on the company's day (31/12/2026): the third of 2026.
  const [quarter] = closedQuarters("2026-12-31", 1);
  if (!quarter) throw new Error("no quarter");
  expect(quarter.label).toBe("3º trimestre de 2026");
  const cases = Array.from({ length: 30 }, (_, i) => ({
    companyId: company.id,
    protocol: `ESC-INV${String.fromCharCode(65 + (i % 26))}-${String(1000 + i).replace(/[01]/g, "9")}`,
    secretHash: "00",
    kind: "denuncia" as const,
    category: "assedio_moral" as const,
    receivedOn: quarter.from,
  }));
  await t.db.insert(listeningCases).values(cases);
  const criteria = (await as({ method: "POST", url: "/api/risks/criteria", payload: {} })).json();
  await as({ method: "POST", url: `/api/risks/criteria/${criteria.id}/publish`, payload: {} });
  for (const hazard of ["assedio", "sobrecarga"]) {
    const saved = await as({
      method: "PUT",
      url: `/api/risks/campaigns/${campaign.id}/assessments`,
      payload: {
        sectorId: large.id,
        hazard,
        probability: 3,
        severity: 3,
        rationale: "Relatos e pesquisa",
        sources: "Relações na equipe",
        harms: "Sofrimento, afastamentos",
        measuresInPlace: "Canal de escuta",
        evidence: ["pesquisa"],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  // The night shift has no line of its own: publishing confirms that (docs/decisions/059).
  const published = await as({
    method: "POST",
    url: `/api/risks/campaigns/${campaign.id}/inventory`,
    payload: { confirmar: true },
  });
  expect(published.statusCode, published.body).toBe(201);
  const [version] = await t.db
    .select()
    .from(riskInventoryVersions)
    .where(eq(riskInventoryVersions.id, published.json().id));
  if (!version) throw new Error("no inventory version");
  const lines = (version.content as RiskInventoryContent).lines;
  const harassment = lines.find((line) => line.hazard === "assedio")?.monitoring ?? "";
  expect(harassment).toContain(`Canal de escuta, ${quarter.label}: assédio moral: cerca de`);
  expect(lines.find((line) => line.hazard === "sobrecarga")?.monitoring).not.toContain("Canal de escuta");
}, 240_000);
