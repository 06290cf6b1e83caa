/**
 * docs/decisions/085: two HR-key PUTs sent at once when one new person is
 * left in the day's cap must not both pass the check: one is created, the
 * other held. The check and the write share one transaction under the
 * company's additions lock (api-additions.ts).
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { cpfFrom } from "#core/cpf.ts";
import { createApiKey, withKey } from "#tests/api/hr-api.ts";
import { activeRosterCount, peopleOf, rosterCsv } from "#tests/api/roster.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

const clock = testClock("2026-12-03T09:00:00-03:00");
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(async () => {
  await t.close();
});

it("two PUTs racing for the cap's last place: one is created, the other held", async () => {
  const { company, manager } = await companyWithManager(t.app, t.db, { plan: "enterprise" });
  const api = withKey(t.app, (await createApiKey(manager.as)).secret);
  const sync = await api({
    method: "POST",
    url: "/api/v1/roster/sync",
    headers: { "content-type": "text/csv; charset=utf-8" },
    payload: rosterCsv(peopleOf(24, 1000)),
  });
  expect(sync.statusCode).toBe(202);
  await t.runJobs();
  expect(await activeRosterCount(t.db, company.id)).toBe(24);

  const put = (n: number) =>
    api({
      method: "PUT",
      url: `/api/v1/roster/people/R${n}`,
      payload: { nome: `Pessoa Corrida ${n}`, cpf: cpfFrom(String(778_000_000 + n)) },
    });
  const answers = await Promise.all([put(1), put(2), put(3)]);
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 202, 202]);
  expect(await activeRosterCount(t.db, company.id)).toBe(25);
});
