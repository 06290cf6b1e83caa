import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "#core/messages.ts";
import { careMessages, careSettings, creditLedger, psychologists } from "#server/db/schema/index.ts";
import { sweepVerifications } from "#server/features/care/verification-warning.ts";
import { deleteAccount } from "#server/features/privacy-rights/delete-account.ts";
import { runDueJobs } from "#server/jobs/runner.ts";
import { verifiedPsychologist } from "#tests/api/care.ts";
import { icsTimes } from "#tests/api/ics.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

// Sunday 2026-11-22 12:00 in São Paulo; Monday's slots are 09:00, 10:00 and 11:00 there (12:00Z, 13:00Z, 14:00Z).
const clock = testClock("2026-11-22T12:00:00-03:00");
const MONDAY_9 = "2026-11-23T12:00:00.000Z";
const MONDAY_10 = "2026-11-23T13:00:00.000Z";
const TUESDAY_9 = "2026-11-24T12:00:00.000Z";
let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInPerson>>;
let company: Awaited<ReturnType<typeof companyWithManager>>;

const book = (as: Awaited<ReturnType<typeof signedInPerson>>["as"], psychologistId: string, startsAt: string) =>
  as({ method: "POST", url: "/api/care/appointments", payload: { psychologistId, startsAt, acceptTerms: true } });

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  admin = await signedInPerson(t.app, t.db, { role: "admin" });
  company = await companyWithManager(t.app, t.db);
  await t.db.insert(careSettings).values({ companyId: company.company.id, sessionsPerCycle: 8, cycle: "month" });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("psychologists", () => {
  it("are invited by the admin, sign in with the psychologist role and no company, and are bookable once verified", async () => {
    const psi = await verifiedPsychologist(t, admin.as, { verify: false });
    const me = (await psi.as({ url: "/api/me" })).json();
    expect(me).toMatchObject({ role: "psychologist", companyId: null });
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const listed = () => member.as({ url: "/api/care/psychologists" }).then((r) => r.json() as { id: string }[]);
    expect((await listed()).some((item) => item.id === psi.id)).toBe(false);
    expect((await book(member.as, psi.id, MONDAY_9)).statusCode).toBe(409);
    await admin.as({ method: "POST", url: `/api/admin/psychologists/${psi.id}/verify` });
    expect((await listed()).some((item) => item.id === psi.id)).toBe(true);
    await admin.as({ method: "POST", url: `/api/admin/psychologists/${psi.id}/suspend` });
    expect((await listed()).some((item) => item.id === psi.id)).toBe(false);
  });

  it("filters the directory by the next free slot: today or tomorrow, or within 7 days", async () => {
    const soon = await verifiedPsychologist(t, admin.as); // weekday mornings: Monday 09:00 is the next slot
    const later = await verifiedPsychologist(t, admin.as);
    // Off until Thursday: the next free slot is Thursday 26 at 09:00, within 7 days but not tomorrow.
    await later.as({
      method: "POST",
      url: "/api/care/time-off",
      payload: { startsAt: "2026-11-22T12:00:00-03:00", endsAt: "2026-11-26T00:00:00-03:00" },
    });
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const ids = async (query: string) =>
      ((await member.as({ url: `/api/care/psychologists${query}` })).json() as { id: string }[]).map((row) => row.id);
    const tomorrow = await ids("?available=hoje-ou-amanha");
    expect(tomorrow).toContain(soon.id);
    expect(tomorrow).not.toContain(later.id);
    const week = await ids("?available=7-dias");
    expect(week).toEqual(expect.arrayContaining([soon.id, later.id]));
    const bad = await member.as({ url: "/api/care/psychologists?available=amanha" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Escolha 'Hoje ou amanhã' ou 'Nos próximos 7 dias'.");
  });

  it("lets the admin correct a profile after the invitation, never the e-mail, and no one else", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const profile = {
      fullName: "Psicóloga Corrigida",
      crpNumber: "06/123456",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-10",
      approaches: ["Psicanálise"],
      specialties: ["Luto"],
      bio: "Atendo adultos em luto.",
    };
    const url = `/api/admin/psychologists/${psi.id}`;
    expect((await psi.as({ method: "PUT", url, payload: profile })).statusCode).toBe(403);
    expect((await company.manager.as({ method: "PUT", url, payload: profile })).statusCode).toBe(403);
    const withEmail = await admin.as({ method: "PUT", url, payload: { ...profile, email: "outra@exemplo.com.br" } });
    expect(withEmail.statusCode).toBe(400);
    const saved = await admin.as({ method: "PUT", url, payload: profile });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ fullName: "Psicóloga Corrigida", email: psi.email, status: "verified" });
    const card = (await member.as({ url: `/api/care/psychologists/${psi.id}` })).json();
    expect(card).toMatchObject({ approaches: ["Psicanálise"], specialties: ["Luto"], bio: "Atendo adultos em luto." });
    const bad = await admin.as({ method: "PUT", url, payload: { ...profile, crpNumber: "abc" } });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses a second profile for the same e-mail and bad CRP input with pt-BR messages", async () => {
    const bad = await admin.as({
      method: "POST",
      url: "/api/admin/psychologists",
      payload: {
        fullName: "X",
        email: "x@exemplo.com.br",
        crpNumber: "abc",
        crpUf: "SP",
        epsiConfirmedOn: "2026-01-01",
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain("CRP");
  });

  it("offers slots on the weekly grid, in São Paulo time, skipping time off", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    await psi.as({
      method: "POST",
      url: "/api/care/time-off",
      payload: { startsAt: "2026-11-23T13:00:00Z", endsAt: "2026-11-23T14:00:00Z" },
    });
    const page = (await member.as({ url: `/api/care/psychologists/${psi.id}` })).json();
    const starts = page.slots.map((slot: { startsAt: string }) => slot.startsAt);
    expect(starts.slice(0, 3)).toEqual([MONDAY_9, "2026-11-23T14:00:00.000Z", TUESDAY_9]);
    expect(page.nextSlot).toBe(MONDAY_9);
    expect((await book(member.as, psi.id, MONDAY_10)).statusCode).toBe(400);
    expect((await book(member.as, psi.id, "2026-11-23T12:30:00Z")).json().error.message).toContain(
      "não está na agenda",
    );
  });
});

describe("booking", () => {
  it("gives one booking and 19 clear messages when 20 members race for one slot", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const members = await Promise.all(
      Array.from({ length: 20 }, () => signedInPerson(t.app, t.db, { companyId: company.company.id })),
    );
    const results = await Promise.all(members.map((member) => book(member.as, psi.id, MONDAY_9)));
    const statuses = results.map((result) => result.statusCode).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const result of results.filter((r) => r.statusCode === 409)) {
      expect(result.json().error.message).toBe(
        "Este horário acabou de ser reservado por outra pessoa. Escolha outro horário livre.",
      );
    }
  }, 120_000);

  it("refuses a member's own overlapping booking with another psychologist", async () => {
    const a = await verifiedPsychologist(t, admin.as);
    const b = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    expect((await book(member.as, a.id, TUESDAY_9)).statusCode).toBe(201);
    const second = await book(member.as, b.id, TUESDAY_9);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe("Você já tem uma consulta neste horário.");
  });

  it("never lets the balance go negative under concurrent bookings", async () => {
    const { company: small } = await companyWithManager(t.app, t.db);
    await t.db.insert(careSettings).values({ companyId: small.id, sessionsPerCycle: 2, cycle: "month" });
    const member = await signedInPerson(t.app, t.db, { companyId: small.id });
    const psychologists = await Promise.all([0, 1, 2, 3, 4].map(() => verifiedPsychologist(t, admin.as)));
    const days = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"];
    const results = await Promise.all(
      psychologists.map((psi, i) => book(member.as, psi.id, `${days[i]}T12:00:00.000Z`)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409).map((r) => r.json().error.message)).toEqual(
      Array(3).fill("Você não tem sessões disponíveis neste ciclo. Elas se renovam no início do próximo ciclo."),
    );
    const credits = (await member.as({ url: "/api/care/credits" })).json();
    expect(credits).toMatchObject({ available: 0, granted: 2 });
    const entries = await t.db.select().from(creditLedger).where(eq(creditLedger.memberId, member.userId));
    expect(entries.reduce((total, entry) => total + entry.amount, 0)).toBe(0);
  }, 120_000);
});

describe("cancelling and rescheduling", () => {
  it("returns the credit 24 h or more before, and not a second later under a charging company rule", async () => {
    const { company: strict } = await companyWithManager(t.app, t.db);
    await t.db
      .insert(careSettings)
      .values({ companyId: strict.id, sessionsPerCycle: 4, cycle: "month", lateCancelConsumes: true });
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: strict.id });
    const first = (await book(member.as, psi.id, "2026-11-25T12:00:00.000Z")).json();
    const second = (await book(member.as, psi.id, "2026-11-25T13:00:00.000Z")).json();
    expect((await member.as({ url: "/api/care/credits" })).json().available).toBe(2);
    clock.set("2026-11-24T12:00:00.000Z"); // exactly 24 h before the first
    const onTime = await member.as({ method: "POST", url: `/api/care/appointments/${first.id}/cancel` });
    expect(onTime.json()).toMatchObject({ status: "cancelled", lateCancellation: false });
    expect((await member.as({ url: "/api/care/credits" })).json().available).toBe(3);
    clock.set("2026-11-24T13:00:01.000Z"); // 23:59:59 before the second
    const late = await member.as({ method: "POST", url: `/api/care/appointments/${second.id}/cancel` });
    expect(late.json()).toMatchObject({ status: "cancelled", lateCancellation: true });
    expect((await member.as({ url: "/api/care/credits" })).json().available).toBe(3);
    clock.set("2026-11-22T12:00:00-03:00");
  });

  it("reschedules in one transaction, keeping one credit and moving the same calendar event", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const before = (await member.as({ url: "/api/care/credits" })).json().available;
    const booked = (await book(member.as, psi.id, "2026-11-26T12:00:00.000Z")).json();
    const moved = await member.as({
      method: "POST",
      url: `/api/care/appointments/${booked.id}/reschedule`,
      payload: { startsAt: "2026-11-26T13:00:00.000Z", acceptTerms: true },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ startsAt: "2026-11-26T13:00:00.000Z", status: "booked" });
    expect((await member.as({ url: "/api/care/credits" })).json().available).toBe(before - 1);
    const mine = (await member.as({ url: "/api/care/appointments" })).json();
    expect(mine.upcoming).toHaveLength(1);
    const ics = t.mails.findLast((mail) => mail.to === member.email)?.icalEvent;
    expect(ics?.method).toBe("PUBLISH");
    // No scheduling REQUEST: that would need ORGANIZER and ATTENDEE (RFC 5546, issue 45 minor list).
    expect(ics?.content).toContain("METHOD:PUBLISH");
    expect(ics?.content).not.toMatch(/ORGANIZER|ATTENDEE/);
    expect(ics?.content).toContain(`UID:${booked.id}@localhost`);
    expect(ics?.content).toContain("SEQUENCE:2");
    expect(ics?.content).toContain("CLASS:PRIVATE");
    expect(ics?.content).toContain("SUMMARY:Compromisso Sereno");
    // A reschedule onto a taken slot changes nothing.
    const other = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    await book(other.as, psi.id, "2026-11-26T14:00:00.000Z");
    const refused = await member.as({
      method: "POST",
      url: `/api/care/appointments/${moved.json().id}/reschedule`,
      payload: { startsAt: "2026-11-26T14:00:00.000Z", acceptTerms: true },
    });
    expect(refused.statusCode).toBe(409);
    expect((await member.as({ url: "/api/care/appointments" })).json().upcoming[0].id).toBe(moved.json().id);
  });
});

describe("the calendar file", () => {
  it("puts the member's and the psychologist's .ics at the booked instant, at the time the e-mail says", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const expectCopies = (startsAt: string, sentence: string) => {
      for (const to of [member.email, psi.email]) {
        const mail = t.mails.findLast((sent) => sent.to === to);
        const times = icsTimes(mail?.icalEvent?.content ?? "");
        expect(times.start.toISOString(), to).toBe(startsAt);
        expect(times.end.getTime() - times.start.getTime(), to).toBe(50 * 60_000);
        // The text says Brasília time, and the file's TZID is that zone at the same wall time.
        const [, year, month, day, hour, minute] = times.startWall.match(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})/) ?? [];
        expect(times.timeZone).toBe("America/Sao_Paulo");
        expect(mail?.text).toContain(`${sentence} ${day}/${month}/${year} às ${hour}:${minute} (horário de Brasília)`);
      }
    };
    // Tuesday 11:00 in São Paulo (14:00 UTC): the .ics once said 14:00 there.
    const booked = (await book(member.as, psi.id, "2026-11-24T14:00:00.000Z")).json();
    expectCopies("2026-11-24T14:00:00.000Z", "confirmado para");
    expect(t.mails.findLast((sent) => sent.to === member.email)?.text).toContain("24/11/2026 às 11:00");
    await member.as({
      method: "POST",
      url: `/api/care/appointments/${booked.id}/reschedule`,
      payload: { startsAt: "2026-11-24T13:00:00.000Z", acceptTerms: true },
    });
    expectCopies("2026-11-24T13:00:00.000Z", "agora é em");
  });
});

describe("the personal e-mail for care notices", () => {
  it("sends care mails there instead of the corporate address, and refuses a bad address", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const bad = await member.as({ method: "PUT", url: "/api/care/contact", payload: { careEmail: "nao-e-email" } });
    expect(bad.statusCode).toBe(400);
    const set = await member.as({
      method: "PUT",
      url: "/api/care/contact",
      payload: { careEmail: "Pessoal@Exemplo.com.br" },
    });
    expect(set.json()).toMatchObject({ careEmail: "pessoal@exemplo.com.br", accountEmail: member.email });
    await book(member.as, psi.id, "2026-11-30T13:00:00.000Z");
    expect(
      t.mails.findLast(
        (mail) => mail.subject === "Compromisso Sereno confirmado" && mail.to === "pessoal@exemplo.com.br",
      ),
    ).toBeTruthy();
    expect(t.mails.some((mail) => mail.to === member.email && mail.subject.startsWith("Compromisso"))).toBe(false);
    await member.as({ method: "PUT", url: "/api/care/contact", payload: { careEmail: "" } });
    expect((await member.as({ url: "/api/care/contact" })).json().careEmail).toBeNull();
  });
});

describe("where notices go, chosen on the first booking", () => {
  it("asks once, keeps the choice on the member's side only, lets it change, and keeps subjects and titles neutral", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id, name: "Lia Primeira" });
    expect((await member.as({ url: "/api/care/contact" })).json()).toEqual({
      careEmail: null,
      accountEmail: member.email,
      hasChosen: false,
    });
    // A bad address refuses the booking whole: no appointment, no address.
    const refused = await member.as({
      method: "POST",
      url: "/api/care/appointments",
      payload: { psychologistId: psi.id, startsAt: "2026-12-01T12:00:00.000Z", acceptTerms: true, careEmail: "casa" },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(messages.emailInvalid);
    expect((await member.as({ url: "/api/care/appointments" })).json().upcoming).toEqual([]);

    const booked = await member.as({
      method: "POST",
      url: "/api/care/appointments",
      payload: {
        psychologistId: psi.id,
        startsAt: "2026-12-01T12:00:00.000Z",
        acceptTerms: true,
        careEmail: " Lia.Casa@Exemplo.com.br ",
      },
    });
    expect(booked.statusCode).toBe(201);
    const confirmation = t.mails.findLast((mail) => mail.to === "lia.casa@exemplo.com.br");
    expect(confirmation?.subject).toBe("Compromisso Sereno confirmado");
    expect(confirmation?.icalEvent?.content).toContain("SUMMARY:Compromisso Sereno");
    for (const text of [confirmation?.subject, confirmation?.text, confirmation?.icalEvent?.content]) {
      expect(text).not.toMatch(/psic[oó]log|terapia|sa[uú]de mental/i);
    }
    expect(t.mails.some((mail) => mail.to === member.email && mail.subject.startsWith("Compromisso"))).toBe(false);
    expect((await member.as({ url: "/api/care/contact" })).json()).toMatchObject({
      careEmail: "lia.casa@exemplo.com.br",
      hasChosen: true,
    });

    // The address is the member's: nothing the company reads carries it.
    for (const reply of [
      await company.manager.as({ url: "/api/team" }),
      await company.manager.as({ url: "/api/care/usage" }),
      await admin.as({ url: "/api/admin/companies" }),
      await admin.as({ url: `/api/care/usage?companyId=${company.company.id}` }),
    ]) {
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain("lia.casa");
    }

    // Changed in their care settings: the next notice goes to the account's address.
    await member.as({ method: "PUT", url: "/api/care/contact", payload: { careEmail: "" } });
    const second = await book(member.as, psi.id, "2026-12-02T12:00:00.000Z");
    expect(second.statusCode).toBe(201);
    expect(t.mails.some((mail) => mail.to === member.email && mail.subject === "Compromisso Sereno confirmado")).toBe(
      true,
    );
    expect((await member.as({ url: "/api/care/contact" })).json()).toMatchObject({ careEmail: null, hasChosen: true });
  });

  it("takes the account's address when that is the first booking's choice, and asks no more", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const booked = await member.as({
      method: "POST",
      url: "/api/care/appointments",
      payload: { psychologistId: psi.id, startsAt: "2026-12-03T12:00:00.000Z", acceptTerms: true, careEmail: null },
    });
    expect(booked.statusCode).toBe(201);
    expect(t.mails.some((mail) => mail.to === member.email && mail.subject === "Compromisso Sereno confirmado")).toBe(
      true,
    );
    expect((await member.as({ url: "/api/care/contact" })).json()).toEqual({
      careEmail: null,
      accountEmail: member.email,
      hasChosen: true,
    });
  });
});

describe("the psychologist's agenda", () => {
  it("marks held, refuses an early no-show, and pauses a member after three no-shows in a row", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const ids: string[] = [];
    for (const day of ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26"]) {
      ids.push((await book(member.as, psi.id, `${day}T14:00:00.000Z`)).json().id);
    }
    const mark = (id: string, outcome: string) =>
      psi.as({ method: "POST", url: `/api/care/agenda/${id}/mark`, payload: { outcome } });
    clock.set("2026-11-23T14:05:00.000Z");
    expect((await mark(ids[0] as string, "no_show")).json().error.message).toContain("10 minutos");
    const agenda = (await psi.as({ url: "/api/care/agenda" })).json();
    expect(agenda.upcoming[0]).toMatchObject({ videoUrl: "https://sala.exemplo.com.br/psi" });
    expect(Object.keys(agenda.upcoming[0])).not.toContain("email");
    expect((await mark(ids[0] as string, "held")).json().status).toBe("held");
    for (const [i, day] of ["2026-11-24", "2026-11-25", "2026-11-26"].entries()) {
      clock.set(`${day}T14:10:00.000Z`);
      expect((await mark(ids[i + 1] as string, "no_show")).statusCode).toBe(200);
    }
    clock.set("2026-11-26T16:00:00.000Z");
    expect((await member.as({ url: "/api/care/credits" })).json().paused).toBe(true);
    const paused = await book(member.as, psi.id, "2026-11-27T12:00:00.000Z");
    expect(paused.json().error.message).toContain("pausado");
    // The member is told once, by e-mail, how to resume; the runner sends it, and again changes nothing.
    const runAt = new Date("2026-11-26T16:00:00.000Z");
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: runAt });
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: runAt });
    const notices = t.mails.filter((mail) => mail.to === member.email && mail.subject.includes("pausados"));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("releia as regras de presença e confirme");
    expect(notices[0]?.text).toContain("/care");
    expect(`${notices[0]?.subject} ${notices[0]?.text}`).not.toMatch(/psic[oó]log/i);
    await member.as({ method: "POST", url: "/api/care/resume", payload: { acceptTerms: true } });
    expect((await book(member.as, psi.id, "2026-11-27T12:00:00.000Z")).statusCode).toBe(201);
    clock.set("2026-11-22T12:00:00-03:00");
  });

  it("shows the video link to the member only from 15 minutes before", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    await book(member.as, psi.id, "2026-11-27T13:00:00.000Z");
    clock.set("2026-11-27T12:44:00.000Z");
    expect((await member.as({ url: "/api/care/appointments" })).json().upcoming[0].videoUrl).toBeNull();
    clock.set("2026-11-27T12:45:00.000Z");
    expect((await member.as({ url: "/api/care/appointments" })).json().upcoming[0].videoUrl).toBe(
      "https://sala.exemplo.com.br/psi",
    );
    clock.set("2026-11-22T12:00:00-03:00");
  });
});

describe("isolation", () => {
  it("keeps a psychologist to their own patients and a manager away from every booking and message", async () => {
    const a = await verifiedPsychologist(t, admin.as);
    const b = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const booked = (await book(member.as, a.id, "2026-11-30T12:00:00.000Z")).json();
    expect((await b.as({ url: "/api/care/agenda" })).json().upcoming).toEqual([]);
    expect(
      (await b.as({ method: "POST", url: `/api/care/agenda/${booked.id}/mark`, payload: { outcome: "held" } }))
        .statusCode,
    ).toBe(404);
    expect((await b.as({ url: `/api/care/threads/${member.userId}` })).statusCode).toBe(403);
    expect((await company.manager.as({ url: "/api/care/agenda" })).statusCode).toBe(403);
    expect((await company.manager.as({ url: `/api/care/threads/${a.id}` })).statusCode).toBe(403);
    expect((await a.as({ url: "/api/care/psychologists" })).statusCode).toBe(403);
    expect((await a.as({ url: "/api/care/usage" })).statusCode).toBe(403);
  });
});

describe("messages", () => {
  it("lets a member and their psychologist write, with read receipts and a content-free e-mail", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    expect(
      (await member.as({ method: "POST", url: `/api/care/threads/${psi.id}`, payload: { body: "Oi" } })).statusCode,
    ).toBe(403);
    await book(member.as, psi.id, "2026-12-01T12:00:00.000Z");
    const sent = await member.as({
      method: "POST",
      url: `/api/care/threads/${psi.id}`,
      payload: { body: "Posso falar sobre a semana difícil?" },
    });
    expect(sent.statusCode).toBe(201);
    const mail = t.mails.findLast((item) => item.to === psi.email);
    expect(mail?.subject).toBe("Você tem uma nova mensagem no Sereno");
    expect(mail?.text).not.toContain("semana difícil");
    const threads = (await psi.as({ url: "/api/care/threads" })).json();
    expect(threads[0]).toMatchObject({ otherId: member.userId, unread: 1 });
    const read = (await psi.as({ url: `/api/care/threads/${member.userId}` })).json();
    expect(read[0]).toMatchObject({ mine: false, body: "Posso falar sobre a semana difícil?" });
    await psi.as({ method: "POST", url: `/api/care/threads/${member.userId}`, payload: { body: "Claro." } });
    const seen = (await member.as({ url: `/api/care/threads/${psi.id}` })).json();
    expect(seen[0].readAt).not.toBeNull();
    expect(seen[1]).toMatchObject({ mine: false, body: "Claro." });
  });
});

describe("usage for the company", () => {
  it("shows closed months only, as a noisy count of people with its margin", async () => {
    // The month under way is not listed: its figures would move while a manager watched.
    const during = (await company.manager.as({ url: "/api/care/usage" })).json();
    expect(during.months.map((month: { month: string }) => month.month)).not.toContain("2026-11");
    clock.set("2026-12-01T09:00:00-03:00");
    const usage = (await company.manager.as({ url: "/api/care/usage" })).json();
    clock.set("2026-11-22T12:00:00-03:00");
    expect(usage.months).toHaveLength(6);
    const november = usage.months.find((month: { month: string }) => month.month === "2026-11");
    // One held session in November: a noisy count of people at most, with its margin; no sessions or credits.
    expect(Object.keys(november).sort()).toEqual(["margin", "members", "month", "people", "shown"]);
    expect(november.margin).toBe(8);
    expect(JSON.stringify(usage)).not.toMatch(/memberId|psychologistId|startsAt/);
  });
});

describe("the privacy promise, extended to care", () => {
  it("no manager or admin response carries an appointment, a message, or who booked", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id, name: "Paciente Sigilosa" });
    const booked = (await book(member.as, psi.id, "2026-12-02T12:00:00.000Z")).json();
    const secret = `MENSAGEM-SIGILOSA-${Math.random().toString(36).slice(2)}`;
    await member.as({ method: "POST", url: `/api/care/threads/${psi.id}`, payload: { body: secret } });
    const q = `companyId=${company.company.id}`;
    const responses = [
      await company.manager.as({ url: "/api/team" }),
      await company.manager.as({ url: "/api/team/summary" }),
      await company.manager.as({ url: "/api/reports?period=30d" }),
      await company.manager.as({ url: "/api/care/usage" }),
      await admin.as({ url: "/api/admin/companies" }),
      await admin.as({ url: `/api/care/usage?${q}` }),
      await admin.as({ url: "/api/admin/care/summary" }),
      await admin.as({ url: "/api/admin/psychologists" }),
      await admin.as({ url: `/api/admin/companies/${company.company.id}/care` }),
    ];
    const forbiddenKeys = new Set(["startsAt", "endsAt", "memberId", "psychologistId", "body", "appointmentId"]);
    const walk = (value: unknown, path: string): void => {
      if (Array.isArray(value)) for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
      else if (value && typeof value === "object") {
        for (const [key, child] of Object.entries(value)) {
          expect(forbiddenKeys.has(key), `${path}.${key}`).toBe(false);
          walk(child, `${path}.${key}`);
        }
      }
    };
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(secret);
      expect(response.body).not.toContain(booked.id);
      walk(response.json(), response.raw.req?.url ?? "response");
    }
    // Company roles cannot reach the rows by any care route either.
    for (const url of ["/api/care/agenda", `/api/care/threads/${member.userId}`, `/api/care/threads/${psi.id}`]) {
      expect((await company.manager.as({ url })).statusCode).toBe(403);
      expect((await admin.as({ url })).statusCode).toBe(403);
    }
  });
});

describe("the member's data rights", () => {
  it("exports their appointments and messages, and deletes the messages with their account", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    await book(member.as, psi.id, "2026-12-03T12:00:00.000Z");
    await member.as({ method: "POST", url: `/api/care/threads/${psi.id}`, payload: { body: "Minha <mensagem>" } });
    const exported = (await member.as({ url: "/api/me/export.json" })).json();
    expect(exported.consultas).toEqual([
      expect.objectContaining({ situacao: "Agendada", inicio: "2026-12-03T12:00:00.000Z" }),
    ]);
    expect(exported.mensagens).toEqual([expect.objectContaining({ deMim: true, texto: "Minha <mensagem>" })]);
    const html = (await member.as({ url: "/api/me/export.html" })).body;
    expect(html).toContain("Minha &#60;mensagem&#62;");
    await deleteAccount(t.db, member.userId);
    const left = await t.db.select().from(careMessages).where(eq(careMessages.memberId, member.userId));
    expect(left).toEqual([]);
  });
});

describe("reminders and verification warnings from the job runner", () => {
  it("mails 24 h and 1 h before with the same calendar event, and never for a cancelled appointment", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const member = await signedInPerson(t.app, t.db, { companyId: company.company.id });
    const kept = (await book(member.as, psi.id, "2026-12-04T12:00:00.000Z")).json();
    const dropped = (await book(member.as, psi.id, "2026-12-04T13:00:00.000Z")).json();
    await member.as({ method: "POST", url: `/api/care/appointments/${dropped.id}/cancel` });
    const reminders = () => t.mails.filter((mail) => mail.to === member.email && mail.subject.startsWith("Lembrete"));
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: new Date("2026-12-03T12:00:00.000Z") });
    expect(reminders()).toHaveLength(1);
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: new Date("2026-12-03T12:30:00.000Z") });
    expect(reminders()).toHaveLength(1);
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: new Date("2026-12-04T11:00:00.000Z") });
    expect(reminders()).toHaveLength(2);
    expect(reminders().every((mail) => mail.icalEvent?.content.includes(`UID:${kept.id}@localhost`))).toBe(true);
    expect(reminders().every((mail) => !mail.icalEvent?.content.includes(dropped.id))).toBe(true);
  });

  it("tells the admins once when a verification expires within 30 days", async () => {
    const psi = await verifiedPsychologist(t, admin.as);
    const at = new Date("2027-11-01T12:00:00.000Z"); // verified on 2026-11-22: expires 2027-11-22
    await sweepVerifications(t.db, at);
    await sweepVerifications(t.db, at);
    await runDueJobs({ db: t.db, definitions: t.app.deps.jobs, now: at });
    const warnings = t.mails.filter((mail) => mail.to === admin.email && mail.subject.startsWith("Verificação"));
    expect(warnings.filter((mail) => mail.text.includes("06/123456"))).toHaveLength(
      (await t.db.select().from(psychologists)).filter((row) => row.status === "verified").length,
    );
    expect(psi.id).toBeTruthy();
  });
});
