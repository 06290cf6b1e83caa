/**
 * A company for Resultados' tests (docs/decisions/088): 30 members, October's check-ins, two quarters of
 * WHO-5 answers, 20 people in care in the third quarter and hand-made PHQ-9/GAD-7 measures.
 */
import { and, eq } from "drizzle-orm";
import {
  appointments,
  careMeasures,
  profiles,
  psychologists,
  userProgress,
  who5Answers,
  who5ConsentEvents,
} from "#server/db/schema/index.ts";
import { companyWithManager, fillSeats, TEST_EPOCH } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

export async function resultadosCompany(t: TestApp) {
  let psychologistId = "";
  const at = (iso: string) => new Date(iso);

  async function seats(companyId: string, count: number) {
    await fillSeats(t.db, companyId, count);
    const rows = await t.db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(and(eq(profiles.companyId, companyId), eq(profiles.role, "user")));
    return rows.map((row) => row.id);
  }

  /** PHQ-9 and GAD-7 scores at three measures (window 0, 1, 2); the answers are only there to fill the row. */
  async function measures(memberId: string, phq9: number[], gad7: number[]) {
    const rows = (instrument: "phq9" | "gad7", scores: number[]) =>
      scores.map((score, window) => ({
        memberId,
        psychologistId,
        instrument,
        window,
        answers: [score],
        score,
        createdAt: at(`2026-0${7 + window}-10T15:00:00Z`),
      }));
    await t.db.insert(careMeasures).values([...rows("phq9", phq9), ...rows("gad7", gad7)]);
  }

  const a = await companyWithManager(t.app, t.db, {
    name: "Empresa Resultados",
    id: "0e5a1c3e-4a47-4d4e-9a47-000000000047",
  });
  const people = await seats(a.company.id, 30);
  const [psychologist] = await t.db
    .insert(psychologists)
    .values({
      email: "resultados@exemplo.com.br",
      fullName: "Psicóloga Resultados",
      crpNumber: "06/222222",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-10",
      status: "verified",
      verifiedAt: TEST_EPOCH,
    })
    .returning();
  psychologistId = psychologist?.id ?? "";

  // October: 20 people active in weeks 1, 2 and 3; 5 more once.
  const checkIn = (userId: string, day: string) => ({
    userId,
    companyId: a.company.id,
    mood: 4,
    day,
    completedAt: at(`${day}T15:00:00Z`),
  });
  await t.db
    .insert(userProgress)
    .values([
      ...people.slice(0, 20).flatMap((id) => ["2026-10-02", "2026-10-09", "2026-10-16"].map((day) => checkIn(id, day))),
      ...people.slice(20, 25).map((id) => checkIn(id, "2026-10-20")),
    ]);

  // WHO-5: 24 people answered in May (T2) and in August (T3), each 20 points higher the second time.
  await t.db
    .insert(who5ConsentEvents)
    .values(people.slice(0, 24).map((userId) => ({ userId, kind: "given" as const, version: "1", at: TEST_EPOCH })));
  const answer = (userId: string, score: number, answeredAt: string) => {
    const item = score / 20;
    return {
      userId,
      item1: item,
      item2: item,
      item3: item,
      item4: item,
      item5: item,
      score,
      answeredAt: at(answeredAt),
    };
  };
  await t.db
    .insert(who5Answers)
    .values([
      ...people.slice(0, 24).map((id, i) => answer(id, 40 + (i % 3) * 20, "2026-05-12T15:00:00Z")),
      ...people.slice(0, 24).map((id, i) => answer(id, 40 + (i % 3) * 20 + 20, "2026-08-12T15:00:00Z")),
    ]);

  // Care in T3: 20 people, each asked on 1 July and seen 8 days later, then twice more.
  for (const [i, memberId] of people.slice(0, 20).entries()) {
    const hour = 10 + (i % 10);
    const sessionAt = (day: string) => at(`2026-${day}T${String(hour).padStart(2, "0")}:${i < 10 ? "00" : "30"}:00Z`);
    await t.db.insert(appointments).values(
      ["07-09", "07-23", "08-06"].map((day) => ({
        psychologistId,
        memberId,
        companyId: a.company.id,
        startsAt: sessionAt(day),
        endsAt: new Date(sessionAt(day).getTime() + 25 * 60_000),
        status: "held" as const,
        createdAt: at("2026-07-01T09:00:00Z"),
      })),
    );
  }
  // Hand-made measures (NHS Talking Therapies definitions):
  await measures(people[0] as string, [15, 12, 8], [10, 9, 7]); // PHQ-9 −7: improved; both below cut-offs: recovered
  await measures(people[1] as string, [14, 10, 9], [12, 13, 16]); // PHQ-9 −5, GAD-7 +4: neither improved nor recovered
  await measures(people[2] as string, [8, 6, 3], [9, 6, 5]); // GAD-7 −4: improved; GAD-7 9 → 5, PHQ-9 < 10: recovered
  await measures(people[3] as string, [20, 18, 13], [5, 5, 5]); // PHQ-9 −7 but still ≥ 10: improved, not recovered
  await measures(people[4] as string, [6, 4, 4], [4, 3, 3]); // not at caseness: never recovers; −2/−1: not improved
  await measures(people[5] as string, [12], [9]); // one measure only: measured, no follow-up
  return { ...a, people };
}
