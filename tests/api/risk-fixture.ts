/**
 * The NR-1 rows of server/permission-matrix.test.ts: a company A with an
 * establishment, a sector with the member in it, published criteria, a closed
 * campaign with an assessment and a published inventory, and an action; each
 * call that moves a state gets a fresh target.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { defaultCriteria, instrumentKey, instruments } from "#core/risks.ts";
import type { Db } from "#server/db/client.ts";
import {
  riskActions,
  riskAssessments,
  riskCampaigns,
  riskCriteria,
  riskEstablishments,
  riskInventorySignatures,
  riskInventoryVersions,
  riskInvitations,
  riskParticipationRecords,
  riskReviewTriggers,
  riskSectorMembers,
  riskSectors,
} from "#server/db/schema/index.ts";
import type { Storage } from "#server/storage/storage.ts";
import { allAnswers } from "./risks.ts";
import { signForm, TEST_CERTIFICATE_PASSWORD, testCertificate } from "./test-certificates.ts";

/** A valid CNPJ from 12 random digits (the modulo-11 check digits of core/cnpj.ts). */
function randomCnpj(): string {
  const digits = Array.from({ length: 12 }, () => Math.floor(Math.random() * 10));
  for (const weights of [
    [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
    [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2],
  ]) {
    const rest = weights.reduce((sum, weight, i) => sum + weight * (digits[i] ?? 0), 0) % 11;
    digits.push(rest < 2 ? 0 : 11 - rest);
  }
  return digits.join("");
}

export async function riskFixture(db: Db, storage: Storage, companyId: string, memberId: string) {
  const instrumentId = instrumentKey(instruments[0] ?? ({} as never));
  const [establishment] = await db
    .insert(riskEstablishments)
    .values({ companyId, name: "Matriz", cnpj: randomCnpj() })
    .returning();
  const establishmentId = establishment?.id ?? "";
  const [sector] = await db
    .insert(riskSectors)
    .values({ companyId, establishmentId, name: "Setor", kind: "setor", headcount: 5 })
    .returning();
  const sectorId = sector?.id ?? "";
  await db.insert(riskSectorMembers).values({ userId: memberId, companyId, sectorId });
  await db.insert(riskCriteria).values({ companyId, version: 1, status: "published", content: defaultCriteria(5) });
  const campaign = async (status: "draft" | "open" | "closed") => {
    const [row] = await db
      .insert(riskCampaigns)
      .values({
        companyId,
        establishmentId,
        title: "Pesquisa",
        instrumentId,
        sectorIds: [sectorId],
        status,
        closesOn: "2099-12-31",
        notice: "Aviso da pesquisa anônima e voluntária.",
      })
      .returning({ id: riskCampaigns.id });
    return row?.id ?? "";
  };
  const closed = await campaign("closed");
  await db
    .insert(riskAssessments)
    .values({ campaignId: closed, sectorId, hazard: "sobrecarga", probability: 3, severity: 3 });
  const [inventoryVersion] = await db
    .insert(riskInventoryVersions)
    .values({
      companyId,
      establishmentId,
      version: 1,
      retainUntil: "2046-01-01",
      publishedBy: "Gestora",
      content: {
        companyName: "Empresa",
        establishmentName: "Matriz",
        cnpj: establishment?.cnpj ?? "",
        campaignTitle: "Pesquisa",
        instrument: { title: "Questionário", licence: "Licença" },
        criteria: { ...defaultCriteria(5), version: 1 },
        lines: [],
      },
    })
    .returning({ id: riskInventoryVersions.id });
  // Version 1 signed (its annex read at /api/pgr); each signing call gets a fresh version of another establishment.
  const [signature] = await db
    .insert(riskInventorySignatures)
    .values({
      versionId: inventoryVersion?.id ?? "",
      companyId,
      establishmentId,
      signerName: "PROFISSIONAL TESTE",
      registration: "CREA-SP 1",
      certificateHolder: "PROFISSIONAL TESTE",
      certificateIssuer: "AC TESTE",
      certificateSerial: "01",
      certificateNotAfter: new Date("2030-01-01T00:00:00Z"),
      sha256: "0",
      pdf: Buffer.from("%PDF-1.4\n%assinado\n"),
    })
    .returning({ id: riskInventorySignatures.id });
  const [branch] = await db
    .insert(riskEstablishments)
    .values({ companyId, name: "Filial", cnpj: randomCnpj() })
    .returning({ id: riskEstablishments.id });
  let branchVersions = 0;
  const unsignedVersion = async () => {
    branchVersions += 1;
    const [row] = await db
      .insert(riskInventoryVersions)
      .values({
        companyId,
        establishmentId: branch?.id ?? "",
        version: branchVersions,
        retainUntil: "2046-01-01",
        publishedBy: "Gestora",
        content: {
          companyName: "Empresa",
          establishmentName: "Filial",
          cnpj: "",
          campaignTitle: "Pesquisa",
          instrument: { title: "Questionário", licence: "Licença" },
          criteria: { ...defaultCriteria(5), version: 1 },
          lines: [],
        },
      })
      .returning({ id: riskInventoryVersions.id });
    return row?.id ?? "";
  };
  const action = {
    sectorId,
    hazard: "sobrecarga" as const,
    title: "Rever metas",
    hierarchy: "organizacional" as const,
    owner: "RH",
    dueOn: "2027-01-31",
    status: "planejada" as const,
    followUp: "",
    measurement: "",
    effectiveness: "",
  };
  const [actionRow] = await db
    .insert(riskActions)
    .values({ ...action, companyId, establishmentId })
    .returning({ id: riskActions.id });
  const [record] = await db
    .insert(riskParticipationRecords)
    .values({ companyId, establishmentId, kind: "cipa", heldOn: "2026-11-10", description: "Reunião", attendees: 5 })
    .returning({ id: riskParticipationRecords.id });
  const draftCriteria = async () => {
    const [row] = await db
      .insert(riskCriteria)
      .values({ companyId, version: 100 + Math.floor(Math.random() * 1_000_000), content: defaultCriteria(3) })
      .returning({ id: riskCriteria.id });
    return row?.id ?? "";
  };

  async function requestFor(
    operation: string,
    path: string,
    companyA: string,
  ): Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }> {
    let url = path;
    const fill = (value: string) => {
      url = url.replace("{id}", value);
    };
    const body = (extra: Record<string, unknown> = {}) => ({ companyId: companyA, ...extra });
    // Downloading or removing a record or a file: a fresh target each time, with one stored file listed.
    if (
      operation === "DELETE /api/risks/records/{id}" ||
      (operation.endsWith("/files") && !operation.startsWith("POST"))
    ) {
      const key = `evidence/${randomUUID()}.pdf`;
      await storage.put(key, Readable.from([Buffer.from("%PDF-1.4\n%x\n")]), "application/pdf");
      const files = [{ key, name: "ata.pdf" }];
      const [target] = path.startsWith("/api/risks/actions/")
        ? await db
            .insert(riskActions)
            .values({ ...action, companyId, establishmentId, evidenceFiles: files })
            .returning({ id: riskActions.id })
        : await db
            .insert(riskParticipationRecords)
            .values({ companyId, establishmentId, kind: "cipa", heldOn: "2026-11-10", description: "Ata", files })
            .returning({ id: riskParticipationRecords.id });
      fill(target?.id ?? "");
      const query = new URLSearchParams({ companyId: companyA, ...(path.endsWith("/files") ? { key } : {}) });
      return { url: `${url}?${query}` };
    }
    if (path.startsWith("/api/risks/criteria/")) fill(await draftCriteria());
    if (path.startsWith("/api/risks/establishments/")) fill(establishmentId);
    if (path.startsWith("/api/risks/actions/")) fill(actionRow?.id ?? "");
    if (path === "/api/risks/inventory-versions/{id}/signature") {
      fill(await unsignedVersion());
      const fields = { registration: "CREA-SP 5061234567", password: TEST_CERTIFICATE_PASSWORD };
      return { url, ...(await signForm({ ...fields, certificate: testCertificate() })) };
    }
    if (path.startsWith("/api/risks/inventory-versions/")) fill(inventoryVersion?.id ?? "");
    if (path.startsWith("/api/risks/inventory-signatures/") || path.startsWith("/api/pgr/")) fill(signature?.id ?? "");
    if (path.startsWith("/api/risks/records/")) fill(record?.id ?? "");
    if (path === "/api/risks/review-triggers/{id}/close") {
      // A fresh open trigger each time: a closed one answers 409.
      const [trigger] = await db
        .insert(riskReviewTriggers)
        .values({
          companyId,
          establishmentId,
          kind: "outro",
          occurredOn: "2026-11-01",
          description: "Motivo",
          recordedBy: "RH",
        })
        .returning({ id: riskReviewTriggers.id });
      fill(trigger?.id ?? "");
    }
    if (path.startsWith("/api/risks/sectors/")) {
      const [fresh] = await db
        .insert(riskSectors)
        .values({ companyId, establishmentId, name: "Vazio", kind: "ghe", headcount: 1 })
        .returning({ id: riskSectors.id });
      fill(fresh?.id ?? "");
    }
    if (path.startsWith("/api/risks/campaigns/")) {
      const wanted = path.endsWith("/open")
        ? "draft"
        : path.endsWith("/remind") || path.endsWith("/close")
          ? "open"
          : null;
      fill(wanted ? await campaign(wanted) : path.endsWith("/publish") ? await campaign("closed") : closed);
    }
    if (path === "/api/risks/survey/{id}") {
      const id = await campaign("open");
      await db.insert(riskInvitations).values({ campaignId: id, userId: memberId, sectorId });
      fill(id);
      return { url, payload: { answers: allAnswers(3) } };
    }
    if (operation.startsWith("GET") || operation.startsWith("DELETE") || path.endsWith("/files"))
      url += `?companyId=${companyA}`;
    if (operation === "POST /api/risks/criteria") {
      await db.delete(riskCriteria).where(and(eq(riskCriteria.companyId, companyA), eq(riskCriteria.status, "draft")));
    }
    if (path.endsWith("/files")) {
      const form = new FormData();
      form.append("file", new Blob([Buffer.from("%PDF-1.4\n%x\n")], { type: "application/pdf" }), "ata.pdf");
      const request = new Request("http://x", { method: "POST", body: form });
      return {
        url,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { "content-type": request.headers.get("content-type") ?? "" },
      };
    }
    const bodies: Record<string, unknown> = {
      "POST /api/risks/establishments": body({ name: "Filial", cnpj: randomCnpj() }),
      "POST /api/risks/sectors": body({ establishmentId, name: "Novo", kind: "ghe", activities: "", headcount: 1 }),
      "PUT /api/risks/sector-members": body({ sectorId, userIds: [memberId] }),
      "POST /api/risks/criteria": body(),
      "PATCH /api/risks/criteria/{id}": body({ content: defaultCriteria(5) }),
      "POST /api/risks/criteria/{id}/publish": body(),
      "POST /api/risks/campaigns": body({
        establishmentId,
        title: "Outra",
        instrumentId,
        sectorIds: [sectorId],
        closesOn: "2099-12-31",
        notice: "Aviso da pesquisa anônima e voluntária.",
      }),
      "POST /api/risks/campaigns/{id}/open": body(),
      "POST /api/risks/campaigns/{id}/remind": body(),
      "POST /api/risks/campaigns/{id}/close": body(),
      "POST /api/risks/campaigns/{id}/publish": body(),
      "PUT /api/risks/campaigns/{id}/assessments": body({
        sectorId,
        hazard: "assedio",
        probability: 2,
        severity: 3,
        rationale: "",
        sources: "",
        harms: "",
        measuresInPlace: "",
        evidence: ["pesquisa"],
      }),
      "POST /api/risks/campaigns/{id}/inventory": body(),
      "POST /api/risks/actions": body(action),
      "PATCH /api/risks/actions/{id}": body({ ...action, status: "em_andamento" }),
      "POST /api/risks/establishments/{id}/records": body({
        kind: "cipa",
        heldOn: "2026-11-10",
        description: "Reunião",
        attendees: 5,
      }),
      "PATCH /api/risks/establishments/{id}": body({ nextReviewOn: "2028-11-10" }),
      "POST /api/risks/establishments/{id}/review-triggers": body({
        kind: "solicitacao",
        occurredOn: "2026-11-10",
        description: "A CIPA pediu a revisão após a troca de turnos.",
      }),
      "PATCH /api/risks/records/{id}": body({ attendees: 6 }),
      "POST /api/risks/actions/{id}/verdict": body({ verdict: "eficaz" }),
      // An unknown dimension: a 400 past the access that leaves the fixture's action as it is (verdict above).
      "PUT /api/risks/actions/{id}/dimensions": body({ dimensions: ["nao_existe"] }),
      "POST /api/risks/review-triggers/{id}/close": body({ closedOn: "2026-11-10", closure: "Riscos reavaliados." }),
      "PATCH /api/risks/sectors/{id}": body({ name: "Renomeado", headcount: 2 }),
    };
    return { url, payload: bodies[operation] };
  }
  return { requestFor, randomId: randomUUID };
}
