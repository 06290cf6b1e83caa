// The Lei 14.457 file (issue 48 item 4, docs/decisions/090): trainings and their attendance by CSV
// or QR, each level's last training flagged past 12 months, the rules of conduct acknowledged once,
// the complaint procedure from the Canal de escuta, CIPA meetings, and the PDF. Refusals: a clear
// pt-BR 4xx and nothing half-saved.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { complianceMessages as m } from "#core/compliance-messages.ts";
import { harassmentTrainingAttendance, harassmentTrainings, rosterPeople } from "#server/db/schema/index.ts";
import { pdfText } from "#tests/api/pdf-text.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-22T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t.close());

async function companyWithRoster(matriculas: string[]) {
  const setup = await companyWithManager(t.app, t.db);
  const member = await signedInPerson(t.app, t.db, { companyId: setup.company.id, name: "Rita Reis" });
  await t.db.insert(rosterPeople).values(
    matriculas.map((matricula, i) => ({
      companyId: setup.company.id,
      cpfHash: `hash-${setup.company.id}-${matricula}`,
      cpfLast2: "00",
      matricula,
      name: `Pessoa ${matricula}`,
      userId: i === 0 ? member.userId : null,
    })),
  );
  const post = (url: string, payload: Record<string, unknown>, as = setup.manager.as) =>
    as({ method: "POST", url, payload });
  const file = async () => (await setup.manager.as({ method: "GET", url: "/api/compliance/harassment-file" })).json();
  return { ...setup, member, post, file };
}

const training = (fields: Record<string, unknown> = {}) => ({
  title: "Assédio: como reconhecer e agir",
  heldOn: "2026-11-10",
  durationMinutes: 90,
  levels: ["lideranca"],
  ...fields,
});

describe("trainings", () => {
  it("records a training, imports its CSV, and flags the level not trained for 12 months", async () => {
    const setup = await companyWithRoster(["1001", "1002", "1003"]);
    const created = await setup.post("/api/compliance/trainings", training());
    expect(created.statusCode).toBe(201);
    expect(created.json().message).toBe(m.trainingSaved);
    const old = await setup.post(
      "/api/compliance/trainings",
      training({ title: "Integração 2025", heldOn: "2025-10-01", levels: ["demais"] }),
    );
    const url = (id: string) => `/api/compliance/trainings/${id}/attendance`;
    const imported = await setup.post(url(created.json().id), {
      csv: "matrícula;nome\n1001;Ana\n1002;Bia\n1001;Ana\n",
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ imported: 2, unknown: [], message: m.attendanceImported(2) });
    await setup.post(url(old.json().id), { csv: "1003" });

    const file = await setup.file();
    expect(file.trainings.map((x: { attendees: number }) => x.attendees)).toEqual([2, 1]);
    expect(file.levels).toEqual([
      { level: "lideranca", label: "Liderança", lastTrainedOn: "2026-11-10", overdue: false },
      { level: "demais", label: "Demais níveis", lastTrainedOn: "2025-10-01", overdue: true },
    ]);
  });

  it("lists unknown matrículas and imports nothing until confirmed, then only the known ones", async () => {
    const setup = await companyWithRoster(["2001", "2002"]);
    const { id } = (await setup.post("/api/compliance/trainings", training())).json();
    const url = `/api/compliance/trainings/${id}/attendance`;
    const csv = "2001\n9999\n2002\n8888\n";
    const refused = await setup.post(url, { csv });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe("UNKNOWN_MATRICULAS");
    expect(refused.json().error.message).toBe(m.unknownMatriculas(["9999", "8888"]));
    expect(
      await t.db.select().from(harassmentTrainingAttendance).where(eq(harassmentTrainingAttendance.trainingId, id)),
    ).toEqual([]);

    const confirmed = await setup.post(url, { csv, confirmUnknown: true });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ imported: 2, unknown: ["9999", "8888"] });
  });

  it("refuses bad input with a clear pt-BR 4xx, saving nothing", async () => {
    const setup = await companyWithRoster(["3001"]);
    const before = (
      await t.db.select().from(harassmentTrainings).where(eq(harassmentTrainings.companyId, setup.company.id))
    ).length;
    const cases: [Record<string, unknown>, string][] = [
      [training({ heldOn: "2026-11-30" }), m.trainingInFuture],
      [training({ heldOn: "2026-02-30" }), m.invalidDate],
      [training({ levels: [] }), m.levelsRequired],
      [training({ durationMinutes: 5 }), m.durationInvalid],
      [training({ title: "  " }), m.titleRequired],
    ];
    for (const [payload, text] of cases) {
      const response = await setup.post("/api/compliance/trainings", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(text);
    }
    expect(
      (await t.db.select().from(harassmentTrainings).where(eq(harassmentTrainings.companyId, setup.company.id))).length,
    ).toBe(before);

    const { id } = (await setup.post("/api/compliance/trainings", training())).json();
    const url = `/api/compliance/trainings/${id}/attendance`;
    const empty = await setup.post(url, { csv: "matrícula\n\n" });
    expect([empty.statusCode, empty.json().error.message]).toEqual([400, m.fileEmpty]);
    const none = await setup.post(url, { csv: "7777\n" });
    expect([none.statusCode, none.json().error.message]).toEqual([422, m.noneKnown]);
    // Another company's training is not found; a member may not import.
    const other = await companyWithRoster(["3001"]);
    expect((await other.post(url, { csv: "3001" })).statusCode).toBe(404);
    expect((await setup.post(url, { csv: "3001" }, setup.member.as)).statusCode).toBe(403);
  });

  it("marks a member present by the session's code on its day only", async () => {
    const setup = await companyWithRoster(["4001"]);
    clock.set("2026-11-22T09:00:00-03:00");
    const { id } = (await setup.post("/api/compliance/trainings", training({ heldOn: "2026-11-22" }))).json();
    const code = (await setup.file()).trainings.find((x: { id: string }) => x.id === id).code;
    expect(code).toEqual(expect.any(String));
    const wrong = await setup.post("/api/compliance/attendance", { code: "nada" }, setup.member.as);
    expect([wrong.statusCode, wrong.json().error.message]).toEqual([404, m.attendanceTokenInvalid]);
    const marked = await setup.post("/api/compliance/attendance", { code }, setup.member.as);
    expect([marked.statusCode, marked.json().message]).toEqual([200, m.attendanceMarked]);
    clock.set("2026-11-23T09:00:00-03:00");
    const late = await setup.post("/api/compliance/attendance", { code }, setup.member.as);
    expect([late.statusCode, late.json().error.message]).toEqual([400, m.attendanceNotToday]);
    clock.set("2026-11-22T12:00:00-03:00");
    expect((await setup.file()).trainings.find((x: { id: string }) => x.id === id).attendees).toBe(1);
  });
});

describe("rules of conduct and the file", () => {
  it("publishes versions, each acknowledged once, and prints the file as a PDF", async () => {
    const setup = await companyWithRoster(["5001"]);
    expect((await setup.file()).conduct).toBeNull();
    const first = await setup.post("/api/compliance/conduct", { text: "Respeito é regra." });
    expect([first.statusCode, first.json().message]).toEqual([201, m.conductPublished(1)]);
    const second = await setup.post("/api/compliance/conduct", { text: "Respeito é regra. Assédio não é tolerado." });
    expect(second.json().message).toBe(m.conductPublished(2));
    const read = async () => (await setup.member.as({ method: "GET", url: "/api/compliance/conduct" })).json();
    expect((await read()).conduct).toMatchObject({ version: 2, acknowledged: false });
    const ack = await setup.post("/api/compliance/conduct/acknowledge", {}, setup.member.as);
    expect([ack.statusCode, ack.json().message]).toEqual([200, m.conductAcknowledged]);
    const again = await setup.post("/api/compliance/conduct/acknowledge", {}, setup.member.as);
    expect([again.statusCode, again.json().error.message]).toEqual([409, m.conductAlreadyAcknowledged]);
    expect((await read()).conduct.acknowledged).toBe(true);
    expect((await setup.post("/api/compliance/conduct", { text: "x" }, setup.member.as)).statusCode).toBe(403);
    const blank = await setup.post("/api/compliance/conduct", { text: "   " });
    expect([blank.statusCode, blank.json().error.message]).toEqual([400, m.conductRequired]);

    const file = await setup.file();
    expect(file.conduct).toMatchObject({ version: 2, acknowledged: 1, members: 2 });
    expect(file.procedure.paragraphs.join(" ")).toContain("anônima");
    expect(file.listening).toHaveLength(4);

    const pdf = await setup.manager.as({ method: "GET", url: "/api/compliance/harassment-file.pdf" });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain("Lei 14.457/2022");
    expect(text).toContain("Assédio não é tolerado");
    expect(text).toContain("Vencido");
    expect(text).toContain("no mínimo a cada 12 (doze) meses");
  });
});
