// The Lei 14.831 dossier (issue 48 item 5, docs/decisions/094): goals with their reviews, notices to every
// member, and the dossier as PDF and XLSX, each criterion of art. 3 with its evidence or 'Sem evidência
// registrada'. Refusals: a clear pt-BR 4xx and nothing half-saved.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dossierMessages as m } from "#core/dossier-messages.ts";
import {
  groupSessions,
  harassmentTrainings,
  mentalHealthGoalReviews,
  mentalHealthGoals,
} from "#server/db/schema/index.ts";
import { bodyText } from "#tests/api/reply-text.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

async function company() {
  const setup = await companyWithManager(t.app, t.db);
  const member = await signedInPerson(t.app, t.db, { companyId: setup.company.id, name: "Rita Reis" });
  const post = (url: string, payload: Record<string, unknown>, as = setup.manager.as) =>
    as({ method: "POST", url, payload });
  const get = (url: string, as = setup.manager.as) => as({ method: "GET", url });
  return { ...setup, member, post, get };
}

const goal = (fields: Record<string, unknown> = {}) => ({
  metric: "adesao_ativa",
  target: "60% de pessoas ativas por mês",
  firstReviewOn: "2027-01-15",
  reviewEveryMonths: 3,
  ...fields,
});

describe("goals and notices", () => {
  it("sets a goal, reviews it, and shows both in the dossier with the next review date", async () => {
    const setup = await company();
    const created = await setup.post("/api/dossier/goals", goal());
    expect([created.statusCode, created.json().message]).toEqual([201, m.goalSaved]);
    const url = `/api/dossier/goals/${created.json().id}/reviews`;
    const reviewed = await setup.post(url, { reviewedOn: "2026-11-20", note: "Adesão em 48%: campanha em dezembro." });
    expect([reviewed.statusCode, reviewed.json().message]).toEqual([201, m.reviewSaved]);
    const dossier = (await setup.get("/api/dossier")).json();
    expect(dossier.goals).toEqual([
      expect.objectContaining({
        metric: "adesao_ativa",
        target: "60% de pessoas ativas por mês",
        nextReviewOn: "2027-01-15",
        reviews: [{ reviewedOn: "2026-11-20", note: "Adesão em 48%: campanha em dezembro." }],
      }),
    ]);
    const goals = dossier.criteria.find((c: { id: string }) => c.id === "III-c");
    expect(goals.evidence[0]).toContain("60% de pessoas ativas por mês");
    expect(goals.evidence[0]).toContain("15/01/2027");
  });

  it("publishes a notice every member reads, newest first, and no other company sees", async () => {
    const setup = await company();
    clock.set("2026-11-10T12:00:00-03:00");
    await setup.post("/api/dossier/notices", { title: "Pausas", body: "Vocês pediram pausas: agora são duas." });
    clock.set("2026-11-22T12:00:00-03:00");
    const published = await setup.post("/api/dossier/notices", { title: "Escuta", body: "O canal ganhou resposta." });
    expect([published.statusCode, published.json().message]).toEqual([201, m.noticePublished]);
    const read = (await setup.get("/api/notices", setup.member.as)).json();
    expect(read.notices.map((n: { title: string; publishedOn: string }) => [n.title, n.publishedOn])).toEqual([
      ["Escuta", "2026-11-22"],
      ["Pausas", "2026-11-10"],
    ]);
    const other = await company();
    expect((await other.get("/api/notices", other.member.as)).json().notices).toEqual([]);
    expect((await setup.post("/api/dossier/notices", { title: "x", body: "y" }, setup.member.as)).statusCode).toBe(403);
  });

  it("refuses bad input in pt-BR and saves nothing", async () => {
    const setup = await company();
    const cases: [string, Record<string, unknown>, number, string][] = [
      ["/api/dossier/goals", goal({ metric: "humor_da_ana" }), 400, m.metricRequired],
      ["/api/dossier/goals", goal({ target: "  " }), 400, m.targetRequired],
      ["/api/dossier/goals", goal({ firstReviewOn: "2027-02-30" }), 400, m.invalidDate],
      ["/api/dossier/goals", goal({ reviewEveryMonths: 5 }), 400, m.intervalInvalid],
      ["/api/dossier/notices", { title: "", body: "Texto" }, 400, m.noticeTitleRequired],
      ["/api/dossier/notices", { title: "Título", body: "x".repeat(2001) }, 400, m.noticeBodyTooLong],
    ];
    for (const [url, payload, status, text] of cases) {
      const response = await setup.post(url, payload);
      expect([response.statusCode, response.json().error.message]).toEqual([status, text]);
    }
    expect(
      await t.db.select().from(mentalHealthGoals).where(eq(mentalHealthGoals.companyId, setup.company.id)),
    ).toEqual([]);
    expect((await setup.get("/api/dossier")).json().notices).toEqual([]);

    const { id } = (await setup.post("/api/dossier/goals", goal())).json();
    const future = await setup.post(`/api/dossier/goals/${id}/reviews`, { reviewedOn: "2026-12-01", note: "Cedo." });
    expect([future.statusCode, future.json().error.message]).toEqual([400, m.reviewInFuture]);
    const blank = await setup.post(`/api/dossier/goals/${id}/reviews`, { reviewedOn: "2026-11-01", note: " " });
    expect([blank.statusCode, blank.json().error.message]).toEqual([400, m.reviewNoteRequired]);
    const other = await company();
    const foreign = await other.post(`/api/dossier/goals/${id}/reviews`, { reviewedOn: "2026-11-01", note: "Oi." });
    expect([foreign.statusCode, foreign.json().error.message]).toEqual([404, m.goalNotFound]);
    expect(await t.db.select().from(mentalHealthGoalReviews).where(eq(mentalHealthGoalReviews.goalId, id))).toEqual([]);
  });
});

describe("the dossier documents", () => {
  it("maps each criterion to its evidence in the PDF and the XLSX, and says when there is none", async () => {
    const setup = await company();
    const empty = (await setup.get("/api/dossier")).json();
    expect(empty.criteria.map((c: { id: string }) => c.id)).toEqual([
      "I-a",
      "I-b",
      "I-c",
      "I-d",
      "I-e",
      "I-f",
      "I-g",
      "I-h",
      "II",
      "III-a",
      "III-b",
      "III-c",
    ]);
    expect(empty.criteria.every((c: { evidence: string[] }) => c.evidence.length === 0)).toBe(true);

    await t.db.insert(groupSessions).values({
      audience: "company",
      companyId: setup.company.id,
      kind: "workshop",
      title: "Oficina de sono e descanso",
      description: "",
      facilitatorName: "Lia",
      startsAt: new Date("2026-10-05T13:00:00Z"),
      durationMinutes: 60,
      capacity: 20,
      modality: "online",
      location: "https://meet.exemplo.com.br/x",
    });
    await t.db.insert(harassmentTrainings).values({
      companyId: setup.company.id,
      title: "Liderança que acolhe",
      heldOn: "2026-09-01",
      durationMinutes: 120,
      levels: ["lideranca"],
      code: `code-${setup.company.id}`,
      recordedBy: "Gestora Gil",
    });
    await setup.post("/api/dossier/goals", goal());
    await setup.post("/api/dossier/notices", { title: "Você falou, fizemos", body: "Mais pausas." });

    const pdf = await setup.get("/api/dossier.pdf");
    expect([pdf.statusCode, pdf.headers["content-type"]]).toEqual([200, "application/pdf"]);
    const text = (await bodyText(pdf)).replace(/\s+/g, " ");
    expect(text).toContain("Lei nº 14.831, de 27 de março de 2024");
    expect(text).toContain("implementação de programas de promoção da saúde mental no ambiente de trabalho");
    expect(text).toContain("1 oficina realizada");
    expect(text).toContain("Oficina de sono e descanso");
    expect(text).toContain("Liderança que acolhe");
    expect(text).toContain("Você falou, fizemos");
    expect(text).toContain(m.noEvidence);

    const xlsx = await setup.get("/api/dossier.xlsx");
    expect(xlsx.statusCode).toBe(200);
    const rows = (await bodyText(xlsx)).split("\n");
    expect(rows).toContain("# Lei 14.831");
    expect(rows.find((row) => row.includes('"I, d"'))).toContain(m.noEvidence);
    expect(rows.find((row) => row.includes('"I, e"'))).toContain("Liderança que acolhe");
    expect(rows.find((row) => row.includes('"III, a"'))).toContain("Você falou, fizemos");
    expect(rows.find((row) => row.includes('"I, b"'))).toContain(m.noEvidence);
    expect(rows.some((row) => row.includes("60% de pessoas ativas por mês"))).toBe(true);

    expect((await setup.get("/api/dossier.pdf", setup.member.as)).statusCode).toBe(403);
  });
});
