// Editing the structure after it is created (docs/decisions/026, section 10):
// establishments and sectors change in place; a sector with members, subsectors
// or history is kept; a move that would re-pool past answers is refused.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { riskMessages } from "#core/risk-messages.ts";
import { allAnswers, riskCompany } from "#tests/api/risks.ts";
import { companyWithManager } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

type Setup = Awaited<ReturnType<typeof riskCompany>>;
const overview = async (setup: Setup) => (await setup.manager.as({ method: "GET", url: "/api/risks" })).json();

describe("editing establishments", () => {
  it("renames and re-registers the CNPJ, refuses an invalid or taken CNPJ, inside the company only", async () => {
    const setup = await riskCompany(t, { large: 1, small: 0 });
    const { manager, establishment } = setup;
    const patch = (payload: Record<string, unknown>, as = manager.as) =>
      as({ method: "PATCH", url: `/api/risks/establishments/${establishment.id}`, payload });

    const saved = await patch({ name: "Matriz – São Paulo", cnpj: "11.444.777/0001-61" });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(riskMessages.establishmentSaved);
    expect((await overview(setup)).establishments[0]).toMatchObject({
      name: "Matriz – São Paulo",
      cnpj: "11444777000161",
    });

    const invalid = await patch({ cnpj: "11.444.777/0001-62" });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(riskMessages.cnpjInvalid);
    const blank = await patch({ name: "   " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(riskMessages.nameRequired);
    const empty = await patch({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(riskMessages.nothingToChange);

    await setup.post("/api/risks/establishments", { name: "Filial", cnpj: "11.222.333/0001-81" });
    const taken = await patch({ cnpj: "11.222.333/0001-81" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(riskMessages.cnpjTaken);

    const other = await companyWithManager(t.app, t.db);
    const foreign = await patch({ name: "Invadido" }, other.manager.as);
    expect(foreign.statusCode).toBe(404);
    const member = setup.members[0];
    if (!member) throw new Error("no member");
    expect((await patch({ name: "Invadido" }, member.as)).statusCode).toBe(403);
    expect((await overview(setup)).establishments.map((e: { name: string }) => e.name)).not.toContain("Invadido");
  });
});

describe("editing sectors", () => {
  it("changes name, kind, activities, headcount and parent, with pt-BR refusals", async () => {
    const setup = await riskCompany(t, { large: 1, small: 0 });
    const { manager, establishment, large, small } = setup;
    const patch = (id: string, payload: Record<string, unknown>, as = manager.as) =>
      as({ method: "PATCH", url: `/api/risks/sectors/${id}`, payload });

    const saved = await patch(small.id, {
      name: "Plantão da madrugada",
      kind: "setor",
      activities: "Atendimento de 0h às 6h",
      headcount: 3,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(riskMessages.sectorSaved);
    const after = (await overview(setup)).sectors.find((s: { id: string }) => s.id === small.id);
    expect(after).toMatchObject({
      name: "Plantão da madrugada",
      kind: "setor",
      activities: "Atendimento de 0h às 6h",
      headcount: 3,
      parentId: large.id,
    });

    const negative = await patch(small.id, { headcount: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.message).toBe("Informe um número de trabalhadores entre 0 e 100.000.");
    const cycle = await patch(large.id, { parentId: small.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.message).toBe(riskMessages.sectorParentCycle);
    const self = await patch(large.id, { parentId: large.id });
    expect(self.json().error.message).toBe(riskMessages.sectorParentCycle);
    const elsewhere = await setup.post("/api/risks/establishments", { name: "Filial", cnpj: "11.444.777/0001-61" });
    const abroad = await setup.post("/api/risks/sectors", {
      establishmentId: elsewhere.id,
      name: "Loja",
      kind: "setor",
      activities: "",
      headcount: 4,
    });
    const otherEstablishment = await patch(small.id, { parentId: abroad.id });
    expect(otherEstablishment.statusCode).toBe(400);
    expect(otherEstablishment.json().error.message).toBe(riskMessages.sectorParentOtherEstablishment);

    const toTop = await patch(small.id, { parentId: null });
    expect(toTop.statusCode).toBe(200);
    expect((await overview(setup)).sectors.find((s: { id: string }) => s.id === small.id).parentId).toBeNull();

    const other = await companyWithManager(t.app, t.db);
    expect((await patch(small.id, { name: "Invadido" }, other.manager.as)).statusCode).toBe(404);
    expect((await patch(small.id, { parentId: "00000000-0000-4000-8000-000000000000" })).statusCode).toBe(404);
    expect(establishment.id).toBeTruthy();
  });

  it("settles two opposite moves at once: one is saved, the other would make a cycle and is refused", async () => {
    const setup = await riskCompany(t, { large: 1, small: 0 });
    const { manager, establishment } = setup;
    const sector = (name: string) =>
      setup.post("/api/risks/sectors", {
        establishmentId: establishment.id,
        name,
        kind: "setor",
        activities: "",
        headcount: 1,
      });
    const a = await sector("Compras");
    const b = await sector("Almoxarifado");
    const [first, second] = await Promise.all([
      manager.as({ method: "PATCH", url: `/api/risks/sectors/${a.id}`, payload: { parentId: b.id } }),
      manager.as({ method: "PATCH", url: `/api/risks/sectors/${b.id}`, payload: { parentId: a.id } }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const sectors = (await overview(setup)).sectors as { id: string; parentId: string | null }[];
    const parentOf = (id: string) => sectors.find((s) => s.id === id)?.parentId ?? null;
    expect(parentOf(a.id) === b.id && parentOf(b.id) === a.id).toBe(false);
  });

  it("refuses to move a sector whose answers are in a campaign: the pooled results would change", async () => {
    const setup = await riskCompany(t, { large: 4, small: 0 });
    const { manager, campaign, large, members } = setup;
    await manager.as({ method: "POST", url: `/api/risks/campaigns/${campaign.id}/open`, payload: {} });
    const member = members[0];
    if (!member) throw new Error("no member");
    await member.as({ method: "POST", url: `/api/risks/survey/${campaign.id}`, payload: { answers: allAnswers(3) } });
    const top = await setup.post("/api/risks/sectors", {
      establishmentId: setup.establishment.id,
      name: "Operações",
      kind: "setor",
      activities: "",
      headcount: 0,
    });
    const move = await manager.as({
      method: "PATCH",
      url: `/api/risks/sectors/${large.id}`,
      payload: { parentId: top.id },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().error.message).toBe(riskMessages.sectorMoveHasAnswers);
    const rename = await manager.as({
      method: "PATCH",
      url: `/api/risks/sectors/${large.id}`,
      payload: { name: "Central de atendimento" },
    });
    expect(rename.statusCode).toBe(200);
  });
});

describe("deleting sectors", () => {
  it("deletes an empty sector, keeps one with subsectors, members or campaign history, with a clear message", async () => {
    const setup = await riskCompany(t, { large: 1, small: 0 });
    const { manager, large, small, members } = setup;
    const remove = (id: string, as = manager.as) => as({ method: "DELETE", url: `/api/risks/sectors/${id}` });

    const hasChildren = await remove(large.id);
    expect(hasChildren.statusCode).toBe(409);
    expect(hasChildren.json().error.message).toBe(riskMessages.sectorHasChildren);

    const member = members[0];
    if (!member) throw new Error("no member");
    await manager.as({
      method: "PUT",
      url: "/api/risks/sector-members",
      payload: { sectorId: small.id, userIds: [member.userId] },
    });
    const hasMembers = await remove(small.id);
    expect(hasMembers.statusCode).toBe(409);
    expect(hasMembers.json().error.message).toBe(riskMessages.sectorHasMembers);
    await manager.as({
      method: "PUT",
      url: "/api/risks/sector-members",
      payload: { sectorId: null, userIds: [member.userId] },
    });

    const other = await companyWithManager(t.app, t.db);
    expect((await remove(small.id, other.manager.as)).statusCode).toBe(404);
    expect((await remove(small.id, member.as)).statusCode).toBe(403);

    const deleted = await remove(small.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(riskMessages.sectorDeleted);
    expect((await overview(setup)).sectors.map((s: { id: string }) => s.id)).not.toContain(small.id);
    expect((await remove(small.id)).statusCode).toBe(404);

    // "Atendimento" is in the draft campaign: kept, even once it has no members and no subsectors.
    await manager.as({
      method: "PUT",
      url: "/api/risks/sector-members",
      payload: { sectorId: null, userIds: [member.userId] },
    });
    const inCampaign = await remove(large.id);
    expect(inCampaign.statusCode).toBe(409);
    expect(inCampaign.json().error.message).toBe(riskMessages.sectorHasHistory);
  });

  it("settles a delete and a member assignment at once: no 5xx, and no member is left in a deleted sector", async () => {
    for (let round = 0; round < 3; round++) {
      const setup = await riskCompany(t, { large: 1, small: 0 });
      const { manager, small, members } = setup;
      const member = members[0];
      if (!member) throw new Error("no member");
      const [deleted, assigned] = await Promise.all([
        manager.as({ method: "DELETE", url: `/api/risks/sectors/${small.id}` }),
        manager.as({
          method: "PUT",
          url: "/api/risks/sector-members",
          payload: { sectorId: small.id, userIds: [member.userId] },
        }),
      ]);
      expect(deleted.statusCode).toBeLessThan(500);
      expect(assigned.statusCode).toBeLessThan(500);
      const after = await overview(setup);
      const exists = after.sectors.some((s: { id: string }) => s.id === small.id);
      const memberSector = after.members.find((m: { id: string }) => m.id === member.userId)?.sectorId ?? null;
      if (exists) {
        expect(deleted.statusCode).toBe(409);
        expect(memberSector).toBe(small.id);
      } else {
        expect(deleted.statusCode).toBe(200);
        expect(assigned.statusCode).toBe(404);
        expect(memberSector).not.toBe(small.id);
      }
    }
  });
});
