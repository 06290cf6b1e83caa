/**
 * PHQ-9 and GAD-7 inside care (docs/decisions/079, 080): asked after booking and after every
 * fourth session held; an incomplete answer is refused naming the items, a second one in the
 * window is a 409; item 9 above 0 puts an alert in the psychologist's agenda until they
 * acknowledge it, and sends them an e-mail that says nothing of it; only the member and
 * their psychologist read the answers (another psychologist gets 404, managers and admins
 * 403), each read is in the access log, and the member's export and deletion cover them.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { phq9 } from "#core/questionnaires/phq9.ts";
import { serverMessages } from "#core/server-messages.ts";
import { auditLog, careMeasures, careSettings, jobs } from "#server/db/schema/index.ts";
import { deleteAccount } from "#server/features/privacy-rights/delete-account.ts";
import { runDueJobs } from "#server/jobs/runner.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { book, sp } from "#tests/api/care-calls.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";
import { SAFETY_ALERT_SUBJECT } from "./safety-alert.ts";

const START = "2026-11-23T08:00:00-03:00";
const clock = testClock(START);
let t: TestApp;
let company: Awaited<ReturnType<typeof companyWithManager>>;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
let psi: Awaited<ReturnType<typeof verifiedPsychologist>>;
let other: Awaited<ReturnType<typeof verifiedPsychologist>>;
let joana: Awaited<ReturnType<typeof signedInPerson>>;
type As = typeof psi.as;

const errorOf = (response: { json: () => { error: { message: string } } }) => response.json().error.message;
const answer = (as: As, payload: Record<string, unknown>) => as({ method: "POST", url: "/api/care/measures", payload });
const mine = async (as: As) =>
  (await as({ url: "/api/care/measures" })).json() as {
    due: { psychologistId: string; instrument: string; window: number }[];
    answered: { id: string; instrument: string; score: number; band: string; window: number }[];
  };
const stored = async (memberId: string) =>
  (await t.db.select({ id: careMeasures.id }).from(careMeasures).where(eq(careMeasures.memberId, memberId))).length;
const reads = async (memberId: string) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, memberId), eq(auditLog.action, "care-measure.view")));
const runAlertJobs = () =>
  runDueJobs({
    db: t.db,
    definitions: t.app.deps.jobs.filter((job) => job.name === "care-safety-alert"),
    now: clock.now(),
  });

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  company = await companyWithManager(t.app, t.db);
  await t.db.insert(careSettings).values({ companyId: company.company.id, sessionsPerCycle: 20, cycle: "month" });
  [psi, other, joana] = await Promise.all([
    verifiedPsychologist(t, admin.as, { name: "Paula Prado" }),
    verifiedPsychologist(t, admin.as, { name: "Otávio Outro" }),
    signedInPerson(t.app, t.db, { companyId: company.company.id, name: "Joana Maria Souza" }),
  ]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

afterEach(() => clock.set(START));

describe("PHQ-9 and GAD-7 inside care", () => {
  it("are offered only once the member has booked, and for that psychologist only", async () => {
    expect((await mine(joana.as)).due).toEqual([]);
    const refused = await answer(joana.as, {
      psychologistId: psi.id,
      instrument: "gad7",
      answers: [0, 0, 0, 0, 0, 0, 0],
    });
    expect(refused.statusCode).toBe(404);
    expect(await stored(joana.userId)).toBe(0);

    expect((await book(joana.as, psi.id, sp("2026-11-24", "09:00"))).statusCode).toBe(201);
    const { due } = await mine(joana.as);
    expect(due).toEqual([
      { psychologistId: psi.id, psychologistName: "Paula Prado", instrument: "phq9", window: 0 },
      { psychologistId: psi.id, psychologistName: "Paula Prado", instrument: "gad7", window: 0 },
    ]);
  });

  it("refuse an incomplete questionnaire naming the missing items in pt-BR, and save nothing", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ instrument: "phq9", answers: [1, 1, null, 1, 1, 1, 1, 1, null] }, "Responda às perguntas 3 e 9 para enviar."],
      [{ instrument: "phq9", answers: [1, 1, 1, 1, 1, 1, 1, 1] }, "Responda à pergunta 9 para enviar."],
      [{ instrument: "gad7", answers: [] }, "Responda às perguntas 1, 2, 3, 4, 5, 6 e 7 para enviar."],
      [{ instrument: "gad7", answers: [0, 0, 0, 0, 0, 0, 0, 0] }, "O GAD-7 tem 7 itens."],
      [
        { instrument: "gad7", answers: [0, 0, 0, 4, 0, 0, 0] },
        "Cada resposta é uma das quatro opções do questionário.",
      ],
      [{ instrument: "bdi", answers: [0] }, "Escolha o questionário: PHQ-9 ou GAD-7."],
    ];
    for (const [payload, message] of cases) {
      const response = await answer(joana.as, { psychologistId: psi.id, ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response)).toBe(message);
    }
    expect(await stored(joana.userId)).toBe(0);
  });

  it("score a hand-made GAD-7, and a second answer in the same window is a 409", async () => {
    const sent = await answer(joana.as, { psychologistId: psi.id, instrument: "gad7", answers: [3, 3, 3, 1, 0, 0, 0] });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      safetyPath: false,
      measure: { instrument: "gad7", score: 10, maxScore: 21, band: "Moderada", window: 0 },
    });
    const again = await answer(joana.as, {
      psychologistId: psi.id,
      instrument: "gad7",
      answers: [0, 0, 0, 0, 0, 0, 0],
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(serverMessages.measureAlreadyAnswered);
    expect(await stored(joana.userId)).toBe(1);
    expect((await mine(joana.as)).due.map((item) => item.instrument)).toEqual(["phq9"]);
  });

  it("start the safety path when PHQ-9 item 9 is above 0: an alert the psychologist acknowledges, a neutral e-mail", async () => {
    clock.set("2026-11-23T08:10:00-03:00");
    const answers = [2, 2, 1, 2, 1, 2, 1, 0, 1];
    const sent = await answer(joana.as, { psychologistId: psi.id, instrument: "phq9", answers, difficulty: 2 });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ safetyPath: true, measure: { score: 12, maxScore: 27, band: "Moderada" } });
    const measureId = sent.json().measure.id as string;

    // The psychologist's agenda shows it, with the first name only; the other psychologist sees nothing.
    const alerts = (await psi.as({ url: "/api/care/measures/alerts" })).json();
    expect(alerts).toEqual([
      {
        id: measureId,
        memberId: joana.userId,
        memberName: "Joana",
        answeredAt: clock.now().toISOString(),
        acknowledgedAt: null,
        escalatedAt: null,
      },
    ]);
    expect((await other.as({ url: "/api/care/measures/alerts" })).json()).toEqual([]);
    // The agenda refreshes each minute: the alert's read is logged once, not per refresh (docs/decisions/102).
    const alertReads = async () =>
      (await reads(joana.userId)).filter(
        (row) => (row.details as Record<string, unknown> | null)?.autoavaliacao === measureId,
      ).length;
    expect(await alertReads()).toBe(1);
    await psi.as({ url: "/api/care/measures/alerts" });
    await psi.as({ url: "/api/care/measures/alerts" });
    expect(await alertReads()).toBe(1);

    // The e-mail goes to the psychologist alone and tells nothing: no name, no questionnaire, no item.
    const before = t.mails.length;
    await runAlertJobs();
    const sentMails = t.mails.slice(before);
    expect(sentMails.map((mail) => [mail.to, mail.subject])).toEqual([[psi.email, SAFETY_ALERT_SUBJECT]]);
    const text = `${sentMails[0]?.subject} ${sentMails[0]?.text} ${sentMails[0]?.html}`;
    for (const secret of ["Joana", "PHQ", "item", "ferir", "morto", phq9.items[8]]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(t.mails.slice(before).some((mail) => mail.to === company.manager.email)).toBe(false);

    // Another psychologist cannot acknowledge it; its owner does, once, and it leaves the agenda.
    expect((await other.as({ method: "POST", url: `/api/care/measures/${measureId}/acknowledge` })).statusCode).toBe(
      404,
    );
    clock.set("2026-11-23T08:30:00-03:00");
    const acknowledged = await psi.as({ method: "POST", url: `/api/care/measures/${measureId}/acknowledge` });
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.json().acknowledgedAt).toBe(clock.now().toISOString());
    clock.set("2026-11-23T09:00:00-03:00");
    const twice = await psi.as({ method: "POST", url: `/api/care/measures/${measureId}/acknowledge` });
    expect(twice.json().acknowledgedAt).toBe(new Date("2026-11-23T08:30:00-03:00").toISOString());
    const [row] = await t.db.select().from(careMeasures).where(eq(careMeasures.id, measureId));
    expect(row?.acknowledgedBy).toBe(psi.id);
    expect((await psi.as({ url: "/api/care/measures/alerts" })).json()).toEqual([]);
    // Acknowledged before the job ran again: no second e-mail.
    const count = t.mails.length;
    await t.db.update(jobs).set({ finishedAt: null, runAt: clock.now() }).where(eq(jobs.key, measureId));
    await runAlertJobs();
    expect(t.mails.length).toBe(count);
  });

  it("are read by the member's psychologist only, each read in the access log; another psychologist gets 404", async () => {
    const before = (await reads(joana.userId)).length;
    const read = await psi.as({ url: `/api/care/patients/${joana.userId}/measures` });
    expect(read.statusCode).toBe(200);
    const body = read.json();
    expect(body.memberName).toBe("Joana");
    expect(body.measures.map((item: { instrument: string; score: number }) => [item.instrument, item.score])).toEqual([
      ["phq9", 12],
      ["gad7", 10],
    ]);
    const logged = await reads(joana.userId);
    expect(logged.length).toBe(before + 1);
    const entry = logged.at(-1);
    expect(entry).toMatchObject({ actorEmail: psi.email, targetType: "member", companyId: null });
    // The log says who read whose answers, never the answers (the psychologist's id is a random UUID, which may
    // hold any digits: only the other details are searched for a score).
    const { psicologo, ...details } = (entry?.details ?? {}) as Record<string, unknown>;
    expect(psicologo).toEqual(expect.any(String));
    expect(JSON.stringify(details)).not.toMatch(/12|10|Moderada|answers/);

    const stranger = await other.as({ url: `/api/care/patients/${joana.userId}/measures` });
    expect(stranger.statusCode).toBe(404);
    expect(errorOf(stranger)).toBe(serverMessages.patientNotFound);
    expect((await other.as({ url: "/api/care/patients/nobody-at-all/measures" })).statusCode).toBe(404);
    expect((await reads(joana.userId)).length).toBe(before + 1);
  });

  it("are never readable by a manager or an admin", async () => {
    for (const as of [company.manager.as, admin.as]) {
      for (const url of [`/api/care/patients/${joana.userId}/measures`, "/api/care/measures/alerts"]) {
        const response = await as({ url });
        expect(response.statusCode, url).toBe(403);
        expect(response.body).not.toContain("Moderada");
      }
    }
    // The manager's own list holds the manager's answers only: none.
    expect((await mine(company.manager.as)).answered).toEqual([]);
    expect((await admin.as({ url: "/api/care/measures" })).statusCode).toBe(403);
    // No company figure names them: the usage page says nothing of questionnaires.
    const usage = await company.manager.as({ url: `/api/care/usage?companyId=${company.company.id}` });
    expect(usage.body).not.toMatch(/phq|gad|measure|autoavalia/i);
  });

  it("are offered again after the fourth session held, in a new window", async () => {
    // Three more sessions, all held: four held in all.
    for (const day of ["2026-11-25", "2026-11-26", "2026-11-27"]) {
      expect((await book(joana.as, psi.id, sp(day, "09:00"))).statusCode).toBe(201);
    }
    clock.set("2026-11-27T11:00:00-03:00");
    const { past } = (await psi.as({ url: "/api/care/agenda" })).json() as { past: { id: string; status: string }[] };
    const toMark = past.filter((item) => item.status === "booked");
    expect(toMark).toHaveLength(4);
    for (const { id } of toMark) {
      const marked = await psi.as({ method: "POST", url: `/api/care/agenda/${id}/mark`, payload: { outcome: "held" } });
      expect(marked.statusCode).toBe(200);
    }
    expect((await mine(joana.as)).due).toEqual([
      { psychologistId: psi.id, psychologistName: "Paula Prado", instrument: "phq9", window: 1 },
      { psychologistId: psi.id, psychologistName: "Paula Prado", instrument: "gad7", window: 1 },
    ]);
    const sent = await answer(joana.as, {
      psychologistId: psi.id,
      instrument: "phq9",
      answers: [0, 0, 0, 0, 0, 0, 0, 0, 0],
    });
    expect(sent.json()).toMatchObject({ safetyPath: false, measure: { score: 0, band: "Mínima", window: 1 } });
    expect((await psi.as({ url: "/api/care/measures/alerts" })).json()).toEqual([]);
  });

  it("are in the member's export and deleted with the account", async () => {
    const exported = JSON.parse((await joana.as({ url: "/api/me/export.json" })).body);
    expect(exported.autoavaliacoesDoAtendimento).toHaveLength(3);
    expect(exported.autoavaliacoesDoAtendimento[1]).toMatchObject({
      questionario: "PHQ-9",
      psicologo: "Paula Prado",
      pontuacao: 12,
      faixa: "Moderada",
      dificuldade: "Muita dificuldade",
    });
    expect(exported.autoavaliacoesDoAtendimento[1].respostas[8]).toEqual({
      item: phq9.items[8],
      resposta: "Vários dias",
    });
    const html = (await joana.as({ url: "/api/me/export.html" })).body;
    expect(html).toContain("Autoavaliações do atendimento (PHQ-9 e GAD-7)");

    await deleteAccount(t.db, joana.userId);
    expect(await stored(joana.userId)).toBe(0);
  });
});
