import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, profiles, user } from "#server/db/schema/index.ts";
import { insertCheckInOnce } from "#server/features/check-ins/insert-check-in.ts";
import { runDueJobs, scheduleDailyJobs } from "#server/jobs/runner.ts";
import { companyWithManager, signedInPerson, TEST_EPOCH } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-23T07:00:00-03:00"); // Monday; last week is 16–22 Nov
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
});
afterAll(() => t.close());

async function tick(at: string) {
  clock.set(at);
  await scheduleDailyJobs(t.db, t.app.deps.jobs, clock.now());
  return runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: clock.now() });
}

async function seats(companyId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `digest-${companyId.slice(0, 8)}-${i}`);
  await t.db
    .insert(user)
    .values(
      ids.map((id) => ({ id, name: id, email: `${id}@exemplo.com.br`, emailVerified: true, createdAt: TEST_EPOCH })),
    );
  await t.db
    .insert(profiles)
    .values(
      ids.map((id) => ({ userId: id, name: id, email: `${id}@exemplo.com.br`, companyId, createdAt: TEST_EPOCH })),
    );
  return ids;
}

const checkIn = (userId: string, companyId: string, day: string, mood: number) =>
  insertCheckInOnce(t.db, { userId, companyId, mood, notes: null, at: new Date(`${day}T12:00:00-03:00`), day });

async function managerWithUpdates() {
  // A fixed id: with the tests' fixed secret, the week's noise draws are the same every run.
  const { company, manager } = await companyWithManager(t.app, t.db, { id: "00000000-0000-4000-8000-000000000701" });
  const response = await manager.as({
    method: "PATCH",
    url: "/api/me",
    payload: { notificationPreferences: { updates: true } },
  });
  expect(response.statusCode).toBe(200);
  return { company, manager };
}

describe("weekly digest", () => {
  it("goes on Monday from 08:00 to managers with 'Atualizações' on, once, with last week's figures and the hidden day said", async () => {
    const { company, manager } = await managerWithUpdates();
    const quiet = await companyWithManager(t.app, t.db); // 'Atualizações' off by default
    // Thirty-five people: big enough to be seen by day (docs/decisions/040), and five days of their answers are
    // enough for the week's mean to be precise enough to show (docs/decisions/061; 25 were, before 083).
    const team = await seats(company.id, 35);
    // Monday to Friday all thirty-five answer; Saturday only one (hidden under k = 5); Sunday no one.
    for (const day of ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"]) {
      for (const [i, id] of team.entries()) await checkIn(id, company.id, day, (i % 4) + 2);
    }
    for (const id of team.slice(0, 1)) await checkIn(id, company.id, "2026-11-21", 1);

    await tick("2026-11-23T07:59:00-03:00");
    expect(t.mails.filter((mail) => mail.to === manager.email)).toHaveLength(0);
    await tick("2026-11-23T08:00:00-03:00");
    await tick("2026-11-23T09:00:00-03:00");
    const sent = t.mails.filter((mail) => mail.to === manager.email);
    expect(sent).toHaveLength(1);
    expect(t.mails.filter((mail) => mail.to === quiet.manager.email)).toHaveLength(0);
    const mail = sent[0] as (typeof sent)[number];
    expect(mail.subject).toBe("Resumo semanal da equipe: 16/11/2026 a 22/11/2026");
    // About 176 check-ins over 7 days × 36 members (the manager counts as a member), each day's count noisy.
    expect(mail.text).toMatch(/Participação: \d+,\d% \(cerca de \d+ check-ins\), subiu em relação à semana anterior/);
    expect(mail.text).toMatch(/Humor médio: \d,\d, entre \d,\d e \d,\d numa escala de 1 a 5, em 5 de 7 dias\./);
    expect(mail.text).toContain("2 dias ficaram ocultos pela regra de privacidade (menos de 5 membros responderam).");
    expect(mail.text).toContain("Exercícios concluídos: 0 (na semana anterior, 0).");
    expect(mail.text).toContain("http://localhost:3000/reports");
    expect(mail.headers?.["List-Unsubscribe"]).toContain("lista=resumo");
    // Tuesday: nothing more for that week.
    await tick("2026-11-24T09:00:00-03:00");
    expect(t.mails.filter((mail) => mail.to === manager.email)).toHaveLength(1);
  }, 120_000);

  it("tells a small team its mood is monthly", async () => {
    const [company] = await t.db
      .insert(companies)
      .values({ name: "Equipe Pequena", plan: "essencial", createdAt: TEST_EPOCH })
      .returning();
    const companyId = company?.id as string;
    const manager = await signedInPerson(t.app, t.db, { role: "manager", companyId, name: "Gestor Pequeno" });
    await manager.as({ method: "PATCH", url: "/api/me", payload: { notificationPreferences: { updates: true } } });
    const team = await seats(companyId, 3);
    for (const id of team) await checkIn(id, companyId, "2026-11-25", 5);
    await tick("2026-11-30T08:30:00-03:00");
    const [mail] = t.mails.filter((sent) => sent.to === manager.email);
    expect(mail?.text).toContain("Humor médio: por mês. Em equipes com menos de 20 pessoas");
    expect(mail?.text).not.toMatch(/Humor médio: \d/);
  });
});
