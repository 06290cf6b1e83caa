import { readFile } from "node:fs/promises";
import { type Browser, expect, type Page, test } from "@playwright/test";
import type { FixturePerson } from "./support/fixtures.ts";
import { people } from "./support/fixtures.ts";
import { signInAs } from "./support/helpers.ts";

const WORKSHOP = "Oficina de respiração E2E";
const SUPPORT = "Roda de conversa E2E";
const SECTOR_ONLY = "Conversa do atendimento E2E";

/** 'YYYY-MM-DDTHH:mm' in São Paulo (the browser's zone in these tests) of an instant. */
function localInput(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone: "America/Sao_Paulo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

async function as(browser: Browser, person: FixturePerson): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, person, "/group-sessions");
  return page;
}

async function createSession(
  page: Page,
  fields: {
    kind: "Workshop / psicoeducação" | "Grupo de apoio";
    title: string;
    start: string;
    capacity: string;
    place?: string;
  },
) {
  await page.getByRole("button", { name: "Novo encontro" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo encontro" });
  await dialog.getByRole("radio", { name: new RegExp(fields.kind) }).check();
  await dialog.getByLabel("Título", { exact: true }).fill(fields.title);
  await dialog.getByLabel("Nome de quem conduz", { exact: true }).fill("Renata Prado");
  await dialog.getByLabel("Início", { exact: true }).fill(fields.start);
  await dialog.getByLabel("Duração (min)", { exact: true }).fill("30");
  await dialog.getByLabel("Vagas", { exact: true }).fill(fields.capacity);
  if (fields.place) {
    await dialog.getByRole("radio", { name: "Presencial" }).check();
    await dialog.getByLabel("Local", { exact: true }).fill(fields.place);
  } else {
    await dialog.getByLabel("Link da sala", { exact: true }).fill("https://meet.exemplo.com.br/e2e");
  }
  await dialog.getByRole("button", { name: "Criar encontro" }).click();
  const confirmation = page.getByText("Encontro criado.");
  await expect(confirmation).toBeVisible();
  await expect(dialog).toBeHidden();
  // Closed at once, so the next creation's confirmation is the only one: a toast waits while the
  // pointer rests on it, and the next dialog's first fields sit under the toasts.
  await page.getByRole("button", { name: "Fechar aviso" }).click();
  await expect(confirmation).toBeHidden();
}

test("a workshop and a support group: register, wait, promote, draw, attend, and what the manager sees", async ({
  browser,
}) => {
  test.setTimeout(9 * 60_000);
  const manager = await as(browser, people.manager);
  // The dashboard's recommended action 'Agendar workshop' opens the form on a workshop.
  await manager.goto("/group-sessions?novo=oficina");
  const suggested = manager.getByRole("dialog", { name: "Novo encontro" });
  await expect(suggested.getByRole("radio", { name: /Workshop/ })).toBeChecked();
  await suggested.getByRole("button", { name: "Voltar" }).click();
  await expect(suggested).toBeHidden();
  await expect(manager).toHaveURL("/group-sessions");
  // Starts in about 5 minutes: a workshop's registration closes at the start, attendance opens then; a support
  // group created with this little notice closes halfway, about 2,5 minutes from now, and its places are drawn then.
  const start = new Date(Math.ceil((Date.now() + 270_000) / 60_000) * 60_000);
  await createSession(manager, {
    kind: "Workshop / psicoeducação",
    title: WORKSHOP,
    start: localInput(start),
    capacity: "1",
  });
  await createSession(manager, {
    kind: "Grupo de apoio",
    title: SUPPORT,
    start: localInput(start),
    capacity: "5",
    place: "Sala 2",
  });
  const managed = manager.getByRole("region", { name: "Encontros da empresa" });
  await expect(managed.getByRole("article", { name: WORKSHOP })).toBeVisible();
  await expect(managed.getByRole("article", { name: SUPPORT })).toBeVisible();

  const attendee = await as(browser, people.attendee);
  const workshopCard = (page: Page) => page.getByRole("article", { name: WORKSHOP });
  const supportCard = (page: Page) => page.getByRole("article", { name: SUPPORT });
  await workshopCard(attendee).getByRole("button", { name: "Inscrever-me" }).click();
  await expect(attendee.getByText("Inscrição confirmada.")).toBeVisible();
  await expect(workshopCard(attendee).getByText("Inscrito(a)")).toBeVisible();
  await expect(
    workshopCard(attendee).getByText("O link da sala aparece aqui 15 minutos antes do início."),
  ).toBeHidden();
  // A support group shows no places left or full: its places are drawn among the requests.
  await expect(supportCard(attendee)).not.toContainText(/vaga livre|vagas livres|Lotado/);
  await expect(supportCard(attendee).getByText(/As vagas são sorteadas entre todas as inscrições/)).toBeVisible();
  await supportCard(attendee).getByRole("button", { name: "Inscrever-me" }).click();
  await expect(supportCard(attendee).getByText("Inscrição recebida", { exact: true })).toBeVisible();
  await expect(supportCard(attendee).getByText(/O sorteio das vagas é/)).toBeVisible();
  await expect(supportCard(attendee).getByRole("link", { name: "Adicionar à agenda" })).toHaveCount(0);

  const waiter = await as(browser, people.waiter);
  await expect(workshopCard(waiter)).toContainText("Lotado");
  await workshopCard(waiter).getByRole("button", { name: "Entrar na lista de espera" }).click();
  await expect(waiter.getByText("O encontro está lotado: você entrou na lista de espera.")).toBeVisible();
  await expect(workshopCard(waiter).getByText("Lista de espera: 1º lugar")).toBeVisible();
  await supportCard(waiter).getByRole("button", { name: "Inscrever-me" }).click();
  await expect(supportCard(waiter).getByText("Inscrição recebida", { exact: true })).toBeVisible();

  // The first one cancels; the place goes to the waitlist at once.
  await workshopCard(attendee).getByRole("button", { name: "Cancelar inscrição" }).click();
  await attendee
    .getByRole("alertdialog", { name: "Cancelar sua inscrição?" })
    .getByRole("button", { name: "Cancelar inscrição" })
    .click();
  await expect(attendee.getByText("Inscrição cancelada.")).toBeVisible();
  await expect(workshopCard(attendee).getByRole("button", { name: /Inscrever-me|lista de espera/ })).toBeVisible();
  await waiter.reload();
  await expect(workshopCard(waiter).getByText("Inscrito(a)")).toBeVisible();

  // Registration closes; an admin runs the draw now (the job runs every 5 minutes on its own).
  const closes = await waiter.request.get("/api/group-sessions");
  const drawAt = ((await closes.json()) as { title: string; drawAt: string | null }[]).find(
    (session) => session.title === SUPPORT,
  )?.drawAt;
  expect(drawAt).toBeTruthy();
  await waiter.waitForTimeout(Math.max(0, Date.parse(drawAt as string) - Date.now() + 1_000));
  const admin = await as(browser, people.admin);
  await admin.goto("/admin");
  await admin
    .getByRole("region", { name: "Tarefas automáticas" })
    .getByRole("button", { name: "Executar agora: Sorteio das vagas dos grupos de apoio com inscrições encerradas" })
    .click();
  await expect(admin.getByText("Pronto: a tarefa vai rodar em até 30 segundos.")).toBeVisible();
  // Five places, two requests: both confirmed, each told only their own outcome.
  await expect(async () => {
    await waiter.reload();
    await expect(supportCard(waiter).getByText("Vaga confirmada", { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await attendee.reload();
  await expect(supportCard(attendee).getByText("Vaga confirmada", { exact: true })).toBeVisible();

  // The .ics of a support group carries the neutral title only.
  const download = waiter.waitForEvent("download");
  await supportCard(waiter).getByRole("link", { name: "Adicionar à agenda" }).click();
  const ics = await readFile((await (await download).path()) as string, "utf8");
  expect(ics).toContain("SUMMARY:Compromisso Sereno");
  expect(ics).not.toContain(SUPPORT);
  expect(ics).toMatch(/UID:[0-9a-f-]{36}@sereno/);

  // After the start the manager marks attendance.
  await manager.waitForTimeout(Math.max(0, start.getTime() - Date.now() + 2_000));
  await manager.reload();
  const workshop = managed.getByRole("article", { name: WORKSHOP });
  await workshop.getByText("Participantes (1)").click();
  await expect(workshop.getByRole("list", { name: "Participantes" }).getByText(people.waiter.name)).toBeVisible();
  await workshop.getByRole("checkbox", { name: people.waiter.name }).check();
  await workshop.getByRole("button", { name: "Salvar presença" }).click();
  await expect(manager.getByText("Presença registrada.")).toBeVisible();
  await expect(workshop.getByRole("list", { name: "Participantes" }).getByText("Presente")).toBeVisible();
  const csvDownload = manager.waitForEvent("download");
  await workshop.getByRole("link", { name: "Baixar lista de presença (CSV)" }).click();
  const csv = await readFile((await (await csvDownload).path()) as string, "utf8");
  expect(csv).toContain(`${people.waiter.name};${people.waiter.email};Presente`);

  const support = managed.getByRole("article", { name: SUPPORT });
  // Before the end a support group shows no number at all (docs/decisions/024).
  await expect(support.getByText("Após o encontro").first()).toBeVisible();
  await support.getByLabel("Quantas pessoas participaram?").fill("2");
  await support.getByRole("button", { name: "Salvar presença" }).click();
  await expect(manager.getByText("Presença registrada.").first()).toBeVisible();
  for (const person of [people.attendee, people.waiter]) {
    await expect(support).not.toContainText(person.name);
    await expect(support).not.toContainText(person.email);
  }
  await expect(support.getByRole("link", { name: /CSV/ })).toHaveCount(0);
});

test("a session for one sector: the manager chooses it, only that sector's people see it", async ({ browser }) => {
  const manager = await as(browser, people.manager);
  const origin = new URL(manager.url()).origin;
  const api = manager.request;
  // A retry runs against the same database: its establishment, sector and session get their own names.
  const retry = test.info().retry;
  const tag = retry ? ` ${retry + 1}` : "";
  const sectorName = `Atendimento E2E${tag}`;
  const title = `${SECTOR_ONLY}${tag}`;
  // The sector and who works in it come from NR-1's structure (/risks, /team); set up here through the same API.
  const place = await api.post("/api/risks/establishments", {
    headers: { origin },
    data: { name: `Matriz E2E${tag}`, cnpj: ["11222333000181", "11222333000262", "11222333000343"][retry % 3] },
  });
  expect(place.status(), await place.text()).toBe(201);
  const sector = await api.post("/api/risks/sectors", {
    headers: { origin },
    data: {
      establishmentId: (await place.json()).id,
      name: sectorName,
      kind: "setor",
      activities: "",
      headcount: 1,
    },
  });
  expect(sector.status(), await sector.text()).toBe(201);
  const { members } = await (await api.get("/api/risks")).json();
  const attendeeId = members.find((member: { name: string }) => member.name === people.attendee.name).id;
  const assigned = await api.put("/api/risks/sector-members", {
    headers: { origin },
    data: { sectorId: (await sector.json()).id, userIds: [attendeeId] },
  });
  expect(assigned.status(), await assigned.text()).toBe(200);

  await manager.reload();
  await manager.getByRole("button", { name: "Novo encontro" }).click();
  const dialog = manager.getByRole("dialog", { name: "Novo encontro" });
  await dialog.getByRole("radio", { name: "Setores escolhidos" }).check();
  await dialog.getByRole("button", { name: "Criar encontro" }).click();
  await expect(dialog.getByText("Escolha ao menos um setor.")).toBeVisible();
  await dialog.getByRole("checkbox", { name: sectorName, exact: true }).check();
  await dialog.getByLabel("Título", { exact: true }).fill(title);
  await dialog.getByLabel("Nome de quem conduz", { exact: true }).fill("Renata Prado");
  await dialog.getByLabel("Início", { exact: true }).fill(localInput(new Date(Date.now() + 3 * 86_400_000)));
  await dialog.getByLabel("Link da sala", { exact: true }).fill("https://meet.exemplo.com.br/setor");
  await dialog.getByRole("button", { name: "Criar encontro" }).click();
  await expect(manager.getByText("Encontro criado.")).toBeVisible();
  const card = manager
    .getByRole("region", { name: "Encontros da empresa" })
    .getByRole("article", { name: title, exact: true });
  await expect(card.getByText(sectorName, { exact: true })).toBeVisible();

  // A material: the manager attaches a PDF; who registers downloads it.
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
  await card.getByLabel("Arquivo do material").setInputFiles({
    name: "Roteiro do encontro.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  await expect(manager.getByText("Material enviado.")).toBeVisible();
  await expect(card.getByRole("link", { name: "Roteiro do encontro.pdf" })).toBeVisible();

  const inSector = await as(browser, people.attendee);
  const sectorCard = inSector.getByRole("article", { name: title, exact: true });
  await expect(sectorCard).toBeVisible();
  await expect(sectorCard.getByRole("link", { name: "Roteiro do encontro.pdf" })).toHaveCount(0);
  await sectorCard.getByRole("button", { name: "Inscrever-me" }).click();
  await expect(sectorCard.getByText("Inscrito(a)")).toBeVisible();
  const download = inSector.waitForEvent("download");
  await sectorCard.getByRole("link", { name: "Roteiro do encontro.pdf" }).click();
  const saved = await readFile((await (await download).path()) as string);
  expect(saved.equals(pdf)).toBe(true);
  const outside = await as(browser, people.waiter);
  // Asked directly with the person's own cookies: waiting for the page's request raced its first load.
  const listed = await outside.request.get("/api/group-sessions");
  expect(listed.status()).toBe(200);
  expect(((await listed.json()) as { title: string }[]).map((session) => session.title)).not.toContain(title);
  await expect(outside.getByRole("heading", { name: "Próximos encontros" })).toBeVisible();
  await expect(outside.getByRole("article", { name: title, exact: true })).toHaveCount(0);
});
