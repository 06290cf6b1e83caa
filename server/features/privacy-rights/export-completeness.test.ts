/**
 * 'Baixar meus dados' holds everything kept about the member (issue 32,
 * item 6; docs/decisions/015): group sessions, reminder settings, push
 * browsers (never their keys), NR-1 invitations, companies and care credits,
 * and nothing of a colleague's.
 */

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  creditLedger,
  groupSessionRegistrations,
  groupSessions,
  profiles,
  pushSubscriptions,
} from "#server/db/schema/index.ts";
import { allAnswers, riskCompany } from "#tests/api/risks.ts";
import { createTestApp, type TestApp, testClock } from "#tests/api/test-app.ts";

let t: TestApp;
const clock = testClock("2026-11-24T12:00:00-03:00");
beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
}, 120_000);
afterAll(() => t?.close());

const riskNote = "Suas respostas ao questionário NR-1 não são ligadas ao seu nome; por isso não aparecem aqui.";

describe("the export holds everything kept about the member", () => {
  it("group sessions, reminders, push browsers without keys, NR-1 invitations, companies and credits; no colleague", async () => {
    const { company, manager, campaign, members } = await riskCompany(t, { large: 5, small: 0 });
    const [member, colleague] = members;
    if (!member || !colleague) throw new Error("no members");

    // NR-1: the campaign opens (everyone in the sector is invited); the member answers, the colleague does not.
    const opened = await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    const answered = await member.as({
      method: "POST",
      url: `/api/risks/survey/${campaign.id}`,
      payload: { answers: allAnswers(4) },
    });
    expect(answered.statusCode, answered.body).toBeLessThan(300);

    // A support group the member attended this morning and rated, and a colleague's workshop.
    const session = async (title: string, kind: "workshop" | "support_group") => {
      const [row] = await t.db
        .insert(groupSessions)
        .values({
          audience: "company",
          companyId: company.id,
          kind,
          title,
          description: "Encontro",
          facilitatorName: "Renata Prado",
          startsAt: new Date("2026-11-24T09:00:00-03:00"),
          durationMinutes: 60,
          capacity: 10,
          modality: "online",
          location: "https://meet.exemplo.com.br/sala",
        })
        .returning({ id: groupSessions.id });
      if (!row) throw new Error("no session");
      return row.id;
    };
    const grief = await session("Luto e perdas", "support_group");
    const colleagues = await session("Oficina do colega", "workshop");
    await t.db.insert(groupSessionRegistrations).values([
      { sessionId: grief, userId: member.userId, status: "attended" },
      { sessionId: colleagues, userId: colleague.userId, status: "registered" },
    ]);
    const rated = await member.as({
      method: "POST",
      url: `/api/group-sessions/${grief}/feedback`,
      payload: { rating: 4, comment: "Comentário anônimo sobre o grupo" },
    });
    expect(rated.statusCode, rated.body).toBe(201);

    // The personal address chosen for care notices at the first booking.
    await t.db.update(profiles).set({ careEmail: "pessoal@exemplo.com.br" }).where(eq(profiles.userId, member.userId));

    // Reminder settings and one push browser each.
    const saved = await member.as({
      method: "PATCH",
      url: "/api/me",
      payload: { notificationPreferences: { reminderTime: "08:15", reminderDays: [1, 3, 5], quietStart: "21:00" } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.db.insert(pushSubscriptions).values([
      {
        userId: member.userId,
        endpoint: "https://push.exemplo/endpoint-secreto-da-julia",
        p256dh: "CHAVE-P256DH-SECRETA",
        auth: "SEGREDO-AUTH-PUSH",
      },
      {
        userId: colleague.userId,
        endpoint: "https://push.exemplo/do-colega",
        p256dh: "P256-COLEGA",
        auth: "AUTH-COLEGA",
      },
    ]);
    await t.db.insert(creditLedger).values({
      memberId: member.userId,
      companyId: company.id,
      cycleStart: "2026-11-01",
      kind: "grant",
      amount: 4,
    });

    const json = await member.as({ method: "GET", url: "/api/me/export.json" });
    expect(json.statusCode).toBe(200);
    const data = JSON.parse(json.body);
    expect(data.sessoesEmGrupo.inscricoes).toEqual([
      expect.objectContaining({
        titulo: "Luto e perdas",
        tipo: "Grupo de apoio",
        situacao: "Presente",
        presente: true,
        avaliou: true,
        encontroCancelado: false,
      }),
    ]);
    expect(data.sessoesEmGrupo.observacao).toContain("anônima");
    expect(data.lembretes).toEqual({
      notificacoesPorEmail: true,
      lembretesDeCheckIn: true,
      notificacoesPush: true,
      novidadesDoSereno: false,
      horarioDoLembrete: "08:15",
      diasDoLembrete: "segunda, quarta e sexta",
      silencioAPartirDe: "21:00",
      silencioAte: "08:00",
      navegadoresComPush: 1,
    });
    expect(data.notificacoesPush).toHaveLength(1);
    expect(data.questionariosNr1).toEqual({
      observacao: riskNote,
      setor: "Atendimento",
      convites: [expect.objectContaining({ campanha: "Pesquisa 2026", setor: "Atendimento", respondeu: true })],
    });
    expect(data.perfil.emailParaCuidado).toBe("pessoal@exemplo.com.br");
    expect(data.historicoDeEmpresas).toEqual([expect.objectContaining({ empresa: company.name, saiuEm: null })]);
    expect(data.creditosDeAtendimento).toEqual([
      expect.objectContaining({ movimento: "Sessões liberadas no ciclo", quantidade: 4, cicloDesde: "2026-11-01" }),
    ]);

    const html = await member.as({ method: "GET", url: "/api/me/export.html" });
    expect(html.statusCode).toBe(200);
    for (const text of [
      "E-mail para avisos de cuidado",
      "pessoal@exemplo.com.br",
      "Sessões em grupo",
      "Luto e perdas",
      "Grupo de apoio",
      "Presente",
      "Notificações e lembretes",
      "08:15, segunda, quarta e sexta",
      "1 navegador inscrito",
      "Questionários NR-1",
      "Pesquisa 2026",
      riskNote,
      "Empresas",
      company.name,
      "Créditos de atendimento",
      "Sessões liberadas no ciclo",
    ])
      expect(html.body).toContain(text);

    for (const body of [json.body, html.body]) {
      for (const secret of ["endpoint-secreto", "CHAVE-P256DH-SECRETA", "SEGREDO-AUTH-PUSH", "push.exemplo"])
        expect(body).not.toContain(secret);
      // The rating and comment are anonymous by design: not even the member's own export can find them.
      expect(body).not.toContain("Comentário anônimo sobre o grupo");
      // riskCompany names its members "Membro 0", "Membro 1"…: the colleague is "Membro 1".
      for (const other of ["Oficina do colega", "do-colega", "COLEGA", colleague.email, "Membro 1"])
        expect(body).not.toContain(other);
    }

    // The colleague, invited but silent, sees their own invitation unanswered and none of the member's sessions.
    const theirs = JSON.parse((await colleague.as({ method: "GET", url: "/api/me/export.json" })).body);
    expect(theirs.questionariosNr1.convites).toEqual([expect.objectContaining({ respondeu: false })]);
    expect(theirs.sessoesEmGrupo.inscricoes).toEqual([
      expect.objectContaining({ titulo: "Oficina do colega", situacao: "Inscrito(a)", avaliou: false }),
    ]);
    expect(JSON.stringify(theirs)).not.toContain("Luto e perdas");
    // Six people sign in (password hashing): as slow as the NR-1 tests' setup on a loaded machine.
  }, 120_000);
});
