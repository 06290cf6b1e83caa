/**
 * The company of server/live-bits.test.ts (issue 32): a manager, an admin,
 * seven members (the first is the target whose acts everyone else watches), a
 * psychologist with a weekly agenda, a support group one place short of full,
 * a past workshop, and an open NR-1 campaign over two sectors (one nested).
 * Everything that could move a figure is there before the first read, so
 * only the target's act can move one.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { addDays, localDay } from "#core/dates.ts";
import {
  careSettings,
  companies,
  content,
  groupSessionMaterials,
  groupSessionRegistrations,
  groupSessions,
} from "#server/db/schema/index.ts";
import { insertCheckInOnce } from "#server/features/check-ins/insert-check-in.ts";
import { publishClosedDays } from "#server/features/reports/publish-closed-days.ts";
import { verifiedPsychologist } from "./care.ts";
import { book, sp } from "./care-calls.ts";
import { pdfBytes } from "./files.ts";
import { riskFixture } from "./risk-fixture.ts";
import { riskCompany } from "./risks.ts";
import { signedInPerson } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

type As = (request: InjectOptions) => Promise<LightMyRequestResponse>;

/** Monday morning in São Paulo: the fixture's moment; the acts move the clock forward from here. */
export const FIXTURE_AT = "2026-11-23T08:00:00-03:00";
/** The target's two sessions booked ahead (Wednesday 09:00 and 10:00): one is held, the other missed. */
const HELD_AT = sp("2026-11-25", "09:00");
const MISSED_AT = sp("2026-11-25", "10:00");
/** The slot the target books in the 'books a session' act (Thursday 09:00). */
export const BOOKED_AT = sp("2026-11-26", "09:00");

export function expectStatus(response: LightMyRequestResponse, status: number, what: string) {
  if (response.statusCode !== status) throw new Error(`${what}: ${response.statusCode} ${response.body}`);
  return response;
}

/** Runs the publication of closed days to the end, as the job's runs do after midnight (one budget, however loaded the machine). */
export const publishDays = (t: TestApp) =>
  publishClosedDays(t.db, t.app.deps.privacyKey, t.app.deps.now(), t.app.deps.env.PRIVACY_MIN_GROUP, {
    budgetMs: 600_000,
  });

export async function watchedCompany(t: TestApp) {
  const admin = await signedInPerson(t.app, t.db, { role: "admin" });
  // Six in 'Atendimento' (the target first), one alone in the nested 'Plantão noturno': invited to the campaign.
  const risk = await riskCompany(t, { large: 6, small: 1 });
  const { company, manager, members } = risk;
  const [target, colleague, neighbour] = members;
  if (!target || !colleague || !neighbour) throw new Error("no members");
  await t.db.update(companies).set({ name: "Empresa Observada" }).where(eq(companies.id, company.id));
  await risk.post(`/api/risks/campaigns/${risk.campaign.id}/open`, { companyId: company.id });
  // The structure the NR-1 downloads need (criteria, a published inventory, an action and a record with files).
  const records = await riskFixture(t.db, t.app.deps.storage, company.id, manager.userId);

  // Check-ins on three closed days, published; the target's are low twice, one short of the support card.
  const today = localDay(t.app.deps.now(), "America/Sao_Paulo");
  for (const [n, member] of members.entries()) {
    for (const back of [1, 2, 3]) {
      const day = addDays(today, -back);
      const mood = member === target ? (back === 3 ? 4 : 2) : 1 + ((n + back) % 5);
      await insertCheckInOnce(t.db, {
        userId: member.userId,
        companyId: company.id,
        mood,
        notes: null,
        at: new Date(`${day}T12:00:00-03:00`),
        day,
      });
    }
  }
  await publishDays(t);
  for (const member of members.slice(1)) {
    expectStatus(await member.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } }), 201, "check-in");
  }

  // Care: ten sessions a month; the target has two booked for Wednesday, a colleague one for Thursday.
  await t.db.insert(careSettings).values({ companyId: company.id, sessionsPerCycle: 10, cycle: "month" });
  const psychologist = await verifiedPsychologist(t, admin.as, { name: "Psicóloga Paz" });
  const heldId = expectStatus(await book(target.as, psychologist.id, HELD_AT), 201, "booking").json().id as string;
  const missedId = expectStatus(await book(target.as, psychologist.id, MISSED_AT), 201, "booking").json().id as string;
  expectStatus(await book(colleague.as, psychologist.id, sp("2026-11-26", "10:00")), 201, "colleague's booking");

  // A support group on Friday evening with three places, two taken: the target's registration fills it.
  const supportGroup = await createSession(manager.as, company.id, {
    kind: "support_group",
    title: "Grupo de apoio: luto e perdas",
    startsAt: "2026-11-27T18:00:00-03:00",
    capacity: 3,
  });
  for (const member of [colleague, neighbour]) {
    const registered = await member.as({ method: "POST", url: `/api/group-sessions/${supportGroup}/registration` });
    if (registered.statusCode >= 300) throw new Error(`registration: ${registered.statusCode} ${registered.body}`);
  }
  // Another support group, drawn already: the colleague holds a confirmed place, which opens its calendar
  // invite and its materials (only a confirmed place does, docs/decisions/024).
  const [drawnGroup] = await t.db
    .insert(groupSessions)
    .values({
      ...sessionFields("Grupo de apoio: ansiedade", "2026-12-04T18:00:00-03:00", 8),
      kind: "support_group",
      audience: "company",
      companyId: company.id,
      drawnAt: new Date("2026-11-20T12:00:00-03:00"),
    })
    .returning({ id: groupSessions.id });
  if (!drawnGroup) throw new Error("no drawn group");
  await t.db
    .insert(groupSessionRegistrations)
    .values({ sessionId: drawnGroup.id, userId: colleague.userId, status: "registered" });
  const materialKey = `materials/${randomUUID()}.pdf`;
  await t.app.deps.storage.put(materialKey, Readable.from([pdfBytes]), "application/pdf");
  const [material] = await t.db
    .insert(groupSessionMaterials)
    .values({
      sessionId: drawnGroup.id,
      fileName: "roteiro.pdf",
      contentType: "application/pdf",
      sizeBytes: pdfBytes.length,
      storageKey: materialKey,
    })
    .returning({ id: groupSessionMaterials.id });
  // A workshop that happened last week, with its attendance (the manager's CSV).
  const [workshop] = await t.db
    .insert(groupSessions)
    .values({
      ...sessionFields("Oficina de pausas", "2026-11-18T14:00:00-03:00", 10),
      kind: "workshop",
      audience: "company",
      companyId: company.id,
    })
    .returning({ id: groupSessions.id });
  if (!workshop || !material) throw new Error("no workshop");
  for (const member of members.slice(1, 4)) {
    await t.db
      .insert(groupSessionRegistrations)
      .values({ sessionId: workshop.id, userId: member.userId, status: "registered" });
  }
  expectStatus(
    await manager.as({
      method: "PUT",
      url: `/api/group-sessions/${workshop.id}/attendance`,
      payload: { attendedUserIds: members.slice(1, 3).map((member) => member.userId) },
    }),
    200,
    "attendance",
  );
  const [item] = await t.db.select({ id: content.id }).from(content).limit(1);

  return {
    admin,
    manager,
    company,
    target,
    /**
     * Who reads, the target aside: the manager, the admin, a colleague with a place in the support group and a
     * session booked with the same psychologist, a colleague of the sector with neither, and the one person of
     * the nested sector.
     */
    viewers: [
      { who: "gestora", as: manager.as },
      { who: "admin", as: admin.as },
      { who: "colega do grupo", as: colleague.as },
      { who: "colega do setor", as: members[4]?.as ?? colleague.as },
      { who: "plantão noturno", as: members[6]?.as ?? colleague.as },
    ],
    psychologist,
    heldId,
    missedId,
    supportGroup,
    drawnGroup: drawnGroup.id,
    materialId: material.id,
    workshopId: workshop.id,
    campaignId: risk.campaign.id,
    contentId: item?.id ?? "",
    records,
  };
}

function sessionFields(title: string, startsAt: string, capacity: number) {
  return {
    title,
    description: "Encontro da equipe",
    facilitatorName: "Facilitadora Flor",
    startsAt: new Date(startsAt),
    durationMinutes: 90,
    capacity,
    modality: "in_person" as const,
    location: "Sala 2",
  };
}

async function createSession(
  as: As,
  companyId: string,
  session: { kind: "workshop" | "support_group"; title: string; startsAt: string; capacity: number },
) {
  const fields = sessionFields(session.title, session.startsAt, session.capacity);
  const created = await as({
    method: "POST",
    url: "/api/group-sessions",
    payload: { ...fields, startsAt: fields.startsAt.toISOString(), kind: session.kind, companyId },
  });
  return expectStatus(created, 201, "group session").json().session.id as string;
}
