/**
 * The NR-1 tests' companies: one with an establishment, two sectors (one inside the other) and members
 * assigned (riskCompany), and one whose actions are re-measured between closed campaigns (actionPlace).
 */
import { instrumentKey, instruments, scoreAnswers } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import { riskActions, riskCampaigns, riskEstablishments, riskResponses, riskSectors } from "#server/db/schema/index.ts";
import { companyWithManager, signedInPerson } from "./sessions.ts";
import type { TestApp } from "./test-app.ts";

export const VALID_CNPJ = "11.222.333/0001-81";

export function allAnswers(value: number): Record<string, number> {
  const [instrument] = instruments;
  return Object.fromEntries((instrument?.items ?? []).map((item) => [item.id, value]));
}

/**
 * Answers stored straight into risk_responses, all alike, for tests about what
 * is done with results rather than how they arrive: 40 of them make a row whose
 * noisy count is shown in practice every time (docs/decisions/040).
 */
export async function storedAnswers(db: Db, campaignId: string, sectorId: string, count = 40, value = 3) {
  const [instrument] = instruments;
  const answers = allAnswers(value);
  const scores = instrument ? scoreAnswers(instrument, answers) : {};
  await db
    .insert(riskResponses)
    .values(Array.from({ length: count }, () => ({ campaignId, sectorId, isoWeek: "2026-11-16", answers, scores })));
}

export async function riskCompany(t: TestApp, sizes: { large: number; small: number }) {
  const { company, manager } = await companyWithManager(t.app, t.db);
  const post = async (url: string, payload: Record<string, unknown>) => {
    const response = await manager.as({ method: "POST", url, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as { id: string; message: string };
  };
  const establishment = await post("/api/risks/establishments", { name: "Matriz", cnpj: VALID_CNPJ });
  const large = await post("/api/risks/sectors", {
    establishmentId: establishment.id,
    name: "Atendimento",
    kind: "setor",
    activities: "Atendimento ao público por telefone",
    headcount: 12,
  });
  const small = await post("/api/risks/sectors", {
    establishmentId: establishment.id,
    parentId: large.id,
    name: "Plantão noturno",
    kind: "ghe",
    activities: "Atendimento noturno",
    headcount: 2,
  });
  const members = [];
  for (let i = 0; i < sizes.large + sizes.small; i++)
    members.push(await signedInPerson(t.app, t.db, { companyId: company.id, name: `Membro ${i}` }));
  const assign = async (sectorId: string, userIds: string[]) => {
    const response = await manager.as({
      method: "PUT",
      url: "/api/risks/sector-members",
      payload: { sectorId, userIds },
    });
    if (response.statusCode !== 200) throw new Error(response.body);
  };
  await assign(
    large.id,
    members.slice(0, sizes.large).map((m) => m.userId),
  );
  if (sizes.small)
    await assign(
      small.id,
      members.slice(sizes.large).map((m) => m.userId),
    );
  const campaign = await post("/api/risks/campaigns", {
    establishmentId: establishment.id,
    title: "Pesquisa 2026",
    instrumentId: instrumentKey(instruments[0] ?? ({} as never)),
    sectorIds: [large.id],
    closesOn: "2099-12-31",
    notice: "Pesquisa anônima e voluntária sobre as condições de trabalho (NR-1, item 1.5.3.3).",
  });
  return { company, manager, establishment, large, small, members, campaign, post };
}

/** 40 respondents' scores whose risk index is `index` on every dimension (100 − score where the polarity is positive). */
function scoresAt(index: number): Record<string, number> {
  const [instrument] = instruments;
  return Object.fromEntries(
    (instrument?.dimensions ?? []).map((d) => [d.id, d.polarity === "positive" ? 100 - index : index]),
  );
}

/**
 * A company with an establishment and one sector of 40, written straight to the tables, for the tests of
 * an action re-measured (docs/decisions/091, 098): `campaign` adds a closed campaign of 40 answers alike,
 * `action` an open action created on 2026-03-01 aimed at the given dimensions.
 */
export async function actionPlace(t: TestApp) {
  const { company, manager } = await companyWithManager(t.app, t.db);
  const instrumentId = instrumentKey(instruments[0] ?? ({} as never));
  const [establishment] = await t.db
    .insert(riskEstablishments)
    .values({ companyId: company.id, name: "Matriz", cnpj: "11222333000181" })
    .returning();
  const establishmentId = establishment?.id ?? "";
  const [sector] = await t.db
    .insert(riskSectors)
    .values({ companyId: company.id, establishmentId, name: "Atendimento", kind: "setor", headcount: 40 })
    .returning();
  const sectorId = sector?.id ?? "";
  const campaign = async (title: string, closedAt: string, index: number) => {
    const [row] = await t.db
      .insert(riskCampaigns)
      .values({
        companyId: company.id,
        establishmentId,
        title,
        instrumentId,
        sectorIds: [sectorId],
        status: "closed",
        closesOn: closedAt.slice(0, 10),
        closedAt: new Date(closedAt),
        notice: "Aviso.",
      })
      .returning({ id: riskCampaigns.id });
    const campaignId = row?.id ?? "";
    await t.db.insert(riskResponses).values(
      Array.from({ length: 40 }, () => ({
        campaignId,
        sectorId,
        isoWeek: "2026-01-05",
        answers: {},
        scores: scoresAt(index),
      })),
    );
    return campaignId;
  };
  const action = async (dimensions: string[]) => {
    const [row] = await t.db
      .insert(riskActions)
      .values({
        companyId: company.id,
        establishmentId,
        sectorId,
        hazard: "assedio",
        title: "Canal de conversa com a liderança",
        hierarchy: "organizacional",
        owner: "RH",
        dueOn: "2026-06-30",
        dimensions,
        createdAt: new Date("2026-03-01T12:00:00Z"),
      })
      .returning();
    if (!row) throw new Error("no action");
    return row;
  };
  return { company, manager, establishmentId, sectorId, campaign, action, as: manager.as };
}
