/**
 * The care journey (issue 13): the admin invites a psychologist who sets
 * their agenda; a member books (the e-mail carries a valid .ics),
 * reschedules, cancels (the session comes back) and books again; a
 * psychologist marks a session held; member and psychologist write to each
 * other; the manager's /appointments shows a noisy count of people per closed month with its margin
 * and hides small ones; the admin's page has no live count of appointments.
 */

import { deflateSync } from "node:zlib";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { careTexts } from "#core/care-messages.ts";
import { MAIL_API_PORT } from "../../playwright.config.ts";
import { AWAY_PSYCHOLOGIST_NAME, people, seededPsychologist } from "./support/fixtures.ts";
import { countMails, linkIn, type SentMail, screenshotScreen, signInAs, waitForMail } from "./support/helpers.ts";

test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const psychologist = {
  name: `Paula Prado ${stamp}`,
  email: `paula.${stamp}@sereno.test`,
  password: "escuta-atenta-e-calma",
  role: "psychologist" as const,
};

/** The .ics attachment of a mail, decoded and unfolded (RFC 5545 §3.1). */
function calendarOf(mail: SentMail): string {
  const part = mail.raw.split(/\r?\n--/).find((chunk) => /filename="?compromisso-sereno\.ics/.test(chunk));
  if (!part) throw new Error("no .ics attached");
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join("")
    .replace(/\s+/g, "");
  return Buffer.from(body, "base64")
    .toString("utf8")
    .replace(/\r\n[ \t]/g, "");
}

/** A structurally valid calendar: balanced blocks, one event, the properties a calendar app needs. */
/** Always PUBLISH (RFC 5546: REQUEST and CANCEL need ORGANIZER and ATTENDEE); a cancellation says STATUS:CANCELLED. */
function expectValidIcs(ics: string, status: "CONFIRMED" | "CANCELLED") {
  const lines = ics.split("\r\n").filter(Boolean);
  expect(lines[0]).toBe("BEGIN:VCALENDAR");
  expect(lines.at(-1)).toBe("END:VCALENDAR");
  const stack: string[] = [];
  for (const line of lines) {
    expect(line).toMatch(/^[A-Z-]+[;:]/);
    if (line.startsWith("BEGIN:")) stack.push(line.slice(6));
    if (line.startsWith("END:")) expect(stack.pop()).toBe(line.slice(4));
  }
  expect(stack).toEqual([]);
  expect(lines).toContain("VERSION:2.0");
  expect(lines).toContain("METHOD:PUBLISH");
  expect(lines).toContain(`STATUS:${status}`);
  expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(1);
  expect(lines).toContain("SUMMARY:Compromisso Sereno");
  expect(lines).toContain("CLASS:PRIVATE");
  expect(ics).toMatch(/\r\nDTSTART[;:][^\r]+\r\n/);
  expect(ics).not.toMatch(/psic[oó]log/i);
  return {
    uid: ics.match(/\r\nUID:([^\r]+)/)?.[1],
    sequence: Number(ics.match(/\r\nSEQUENCE:(\d+)/)?.[1]),
  };
}

/** A mail's text with quoted-printable soft breaks and escapes undone, so pt-BR words can be searched. */
function readable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** The newest mail to `to` containing `marker`, past the first `after` ones (a reminder may arrive in between). */
async function waitForMailWith(to: string, marker: string, after: number): Promise<SentMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${MAIL_API_PORT}/mails?to=${encodeURIComponent(to)}`);
    const found = ((await response.json()) as SentMail[])
      .slice(after)
      .filter((mail) => readable(mail.raw).includes(marker));
    if (found.length > 0) return found[found.length - 1] as SentMail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} with ${marker}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A real PNG a browser can draw: `size` × `size` pixels of one colour (the photo upload's file). */
function solidPng(size: number, [red, green, blue]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).fill(Buffer.from([red, green, blue]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/**
 * A retry runs the serial journey again as the same member with a new psychologist: what the last attempt
 * booked is cancelled first, or the same hour would now overlap the member's own appointment.
 */
async function cancelUpcoming(page: Page) {
  const origin = new URL(page.url()).origin;
  const { upcoming } = (await (await page.request.get("/api/care/appointments")).json()) as {
    upcoming: { id: string; startsAt: string }[];
  };
  for (const item of upcoming.filter((one) => Date.parse(one.startsAt) > Date.now())) {
    expect((await page.request.post(`/api/care/appointments/${item.id}/cancel`, { headers: { origin } })).ok()).toBe(
      true,
    );
  }
  await page.reload();
}

/**
 * The slot buttons are computed when the page loads and need an hour's notice: the first one can fall short of it
 * while the test clicks (at 16:59:59 the 18:00 slot is offered, at 17:00:01 it is too soon). Three hours out is safe.
 */
const SAFE_SLOT = 2;

async function availableSessions(page: Page): Promise<number> {
  const text = await page.getByText(/sess(ão|ões) disponíve(l|is) de/).textContent();
  return Number(text?.match(/^(\d+)/)?.[1]);
}

test("the admin invites a psychologist, who activates the account and sets a weekly agenda", async ({ page }) => {
  // Three sign-ins and four screens: on a busy machine it runs close to the default minute.
  test.setTimeout(120_000);
  await signInAs(page, people.admin, "/admin/psychologists");
  // Psychologists by status only: no live count of appointments, which one booking would move.
  await expect(page.getByText(/nenhum número aqui muda quando alguém agenda/)).toBeVisible();
  await expect(page.getByText("Consultas marcadas")).toHaveCount(0);
  // Checked in the browser with the schema the server uses: each field says what is missing, nothing is sent.
  await page.getByRole("button", { name: "Cadastrar e convidar" }).click();
  await expect(page.getByText(careTexts.psychologistNameRequired)).toBeVisible();
  await expect(page.getByLabel("Nome completo")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Número do CRP")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Nome completo").fill(psychologist.name);
  await page.getByLabel("E-mail").fill(psychologist.email);
  await page.getByLabel("Número do CRP").fill("06/112233");
  await page.getByLabel("Cadastro e-Psi confirmado em").fill("15/01/2026");
  await page.getByLabel("Abordagens").fill("TCC");
  await page.getByLabel("Especialidades").fill("Ansiedade, Burnout");
  // The photo is a file now, checked by the server; the form previews it before sending.
  await page.getByLabel("Foto (opcional)").setInputFiles({
    name: "paula.png",
    mimeType: "image/png",
    buffer: solidPng(96, [88, 140, 120]),
  });
  await expect(page.getByText("paula.png")).toBeVisible();
  await page.getByRole("button", { name: "Cadastrar e convidar" }).click();
  const row = page.getByRole("main").getByRole("listitem").filter({ hasText: psychologist.name });
  await expect(row).toContainText("Aguardando verificação");
  const photo = row.locator("img");
  await expect(photo).toHaveAttribute("src", /^\/media\/exercise-files\/photos\//);
  await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(96);
  // Something that is not an image is refused in pt-BR, and the photo stays.
  await row.getByLabel(`Trocar foto de ${psychologist.name}`).setInputFiles({
    name: "foto.png",
    mimeType: "image/png",
    buffer: Buffer.from("<html>não sou uma imagem</html>"),
  });
  await expect(page.getByText("A foto deve ser uma imagem PNG, JPEG, WebP ou GIF.")).toBeVisible();
  await expect(photo).toHaveAttribute("src", /photos/);
  await row.getByRole("button", { name: "Verificar" }).click();
  await expect(row).toContainText("Verificado(a)");
  // A profile can be corrected after the invitation (all but the e-mail).
  await row.getByRole("button", { name: `Editar perfil de ${psychologist.name}` }).click();
  const editor = page.getByRole("dialog", { name: `Editar perfil de ${psychologist.name}` });
  await expect(editor.getByLabel("Especialidades")).toHaveValue("Ansiedade, Burnout");
  await editor.getByLabel("Apresentação curta").fill("Atendo adultos com ansiedade e esgotamento.");
  await editor.getByRole("button", { name: "Salvar perfil" }).click();
  await expect(page.getByText("Perfil atualizado.")).toBeVisible();
  await expect(editor).toHaveCount(0);

  const mail = await waitForMail(psychologist.email);
  const link = linkIn(mail.raw, "/confirm-account#access_token=");
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByLabel("Senha", { exact: true }).fill(psychologist.password);
  await page.getByLabel("Confirme a senha", { exact: true }).fill(psychologist.password);
  // A psychologist records no wellbeing data: no consent box for mood data (issue 36, item 7).
  await expect(page.getByRole("heading", { name: "Ative sua conta", level: 1 })).toBeVisible();
  await expect(page.getByText("Consentimento para dados de bem-estar")).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await page.getByRole("button", { name: "Ativar conta" }).click();
  await expect(page).toHaveURL("/login?conta=ativada", { timeout: 8_000 });

  await page.getByLabel("E-mail", { exact: true }).fill(psychologist.email);
  await page.getByLabel("Senha", { exact: true }).fill(psychologist.password);
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  // A psychologist has no company and no dashboard: their agenda is home.
  await expect(page).toHaveURL("/care/agenda");
  await expect(page.getByRole("heading", { name: "Minha agenda", level: 1 })).toBeVisible();
  const menu = page.getByRole("navigation", { name: "Menu lateral" });
  await expect(menu.getByRole("link", { name: "Check-ins", exact: true })).toHaveCount(0);
  await expect(page.getByText("Nenhuma sessão marcada")).toBeVisible();

  // Every day, 07:00–22:00 (Brasília), so the journey finds slots whenever it runs.
  for (let weekday = 0; weekday < 7; weekday++) {
    await page.getByRole("button", { name: "Adicionar horário" }).click();
    await page.locator(`#dia-${weekday}`).selectOption(String(weekday));
    await page.locator(`#inicio-${weekday}`).fill("07:00");
    await page.locator(`#fim-${weekday}`).fill("22:00");
  }
  await page.getByLabel("Link da sala de vídeo").fill("https://sala.sereno.test/paula");
  await page.getByRole("button", { name: "Salvar agenda" }).click();
  await expect(page.getByText("Agenda salva.")).toBeVisible();
});

test("a member books with the terms, gets a valid .ics, reschedules, cancels and books again", async ({ page }) => {
  test.slow(); // four bookings, four mails and their calendar files: over a minute on a loaded machine
  await signInAs(page, people.carer, "/care");
  await cancelUpcoming(page);
  await expect(page.getByRole("heading", { name: "Apoio psicológico", level: 1 })).toBeVisible();
  await expect(page.getByText("CVV (188)").first()).toBeVisible();
  const before = await availableSessions(page);

  // 'Próximo horário disponível' filters on the computed slots: the seeded psychologist away for three days
  // is out of 'Hoje ou amanhã' and back in 'Nos próximos 7 dias'.
  const card = (name: string) => page.getByRole("link", { name: `Ver horários de ${name}` });
  await expect(card(AWAY_PSYCHOLOGIST_NAME)).toBeVisible();
  const next = page.getByLabel("Próximo horário disponível");
  await next.selectOption({ label: "Hoje ou amanhã" });
  await expect(card(psychologist.name)).toBeVisible();
  await expect(card(AWAY_PSYCHOLOGIST_NAME)).toHaveCount(0);
  await next.selectOption({ label: "Nos próximos 7 dias" });
  await expect(card(AWAY_PSYCHOLOGIST_NAME)).toBeVisible();
  // Paula's card shows her photo; Renata has none and gets the neutral placeholder.
  const paulaCard = page.getByRole("article").filter({ hasText: psychologist.name });
  await expect(paulaCard.locator("img")).toHaveAttribute("src", /photos/);
  await expect(
    page.getByRole("article").filter({ hasText: AWAY_PSYCHOLOGIST_NAME }).getByTestId("foto-ausente"),
  ).toBeVisible();
  await page.getByRole("button", { name: "Limpar filtros" }).click();
  await expect(next).toHaveValue("");

  await page.getByLabel("Especialidade").fill("Burnout");
  await page.getByRole("link", { name: `Ver horários de ${psychologist.name}` }).click();
  await expect(page.getByRole("main").locator("img").first()).toHaveAttribute("src", /photos/);
  await expect(page.getByText("Atendo adultos com ansiedade e esgotamento.")).toBeVisible();
  const mailsBefore = await countMails(people.carer.email);
  await page
    .getByRole("button", { name: /^Agendar / })
    .nth(SAFE_SLOT)
    .click();
  const dialog = page.getByRole("dialog", { name: "Confirmar agendamento" });
  await expect(dialog).toContainText("Não é um serviço de emergência");
  await dialog.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(dialog.getByRole("alert")).toContainText("aceite os termos");
  await dialog.getByRole("checkbox", { name: "Li e aceito os termos do atendimento." }).check();
  await dialog.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page).toHaveURL("/care");
  expect(await availableSessions(page)).toBe(before - 1);
  // Among the upcoming sessions: the questionnaires card lists the same psychologist (docs/decisions/079).
  const upcoming = page
    .getByRole("region", { name: "Próximas" })
    .getByRole("listitem")
    .filter({ hasText: psychologist.name });
  await expect(upcoming).toHaveCount(1);

  const confirmation = await waitForMailWith(people.carer.email, "Compromisso Sereno confirmado", mailsBefore);
  const first = expectValidIcs(calendarOf(confirmation), "CONFIRMED");
  expect(first.sequence).toBe(0);

  // Reschedule: cancel + book in one step, the same calendar event with a higher SEQUENCE.
  await upcoming.getByRole("link", { name: "Remarcar" }).click();
  await expect(page.getByRole("heading", { name: "Escolha a nova data" })).toBeVisible();
  await page
    .getByRole("button", { name: /^Agendar / })
    .nth(SAFE_SLOT + 1)
    .click();
  const moving = page.getByRole("dialog", { name: "Remarcar consulta" });
  await moving.getByRole("checkbox", { name: "Li e aceito os termos do atendimento." }).check();
  await moving.getByRole("button", { name: "Confirmar nova data" }).click();
  await expect(page).toHaveURL("/care");
  expect(await availableSessions(page)).toBe(before - 1);
  const changed = await waitForMailWith(people.carer.email, "Compromisso Sereno alterado", mailsBefore);
  const moved = expectValidIcs(calendarOf(changed), "CONFIRMED");
  expect(moved.uid).toBe(first.uid);
  expect(moved.sequence).toBeGreaterThan(first.sequence);

  // The company's rule is the default (a late cancellation does not use the session): the credit comes back.
  await page
    .getByRole("listitem")
    .filter({ hasText: psychologist.name })
    .getByRole("button", { name: "Cancelar" })
    .click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancelar consulta" }).click();
  await expect(page.getByText(/Consulta cancelada/)).toBeVisible();
  const cancelled = await waitForMailWith(people.carer.email, "Compromisso Sereno cancelado", mailsBefore);
  const cancel = expectValidIcs(calendarOf(cancelled), "CANCELLED");
  expect(cancel.uid).toBe(first.uid);

  // Book again, from the directory.
  await page.goto("/care");
  expect(await availableSessions(page)).toBe(before);
  await page.getByRole("link", { name: `Ver horários de ${psychologist.name}` }).click();
  await page
    .getByRole("button", { name: /^Agendar / })
    .last()
    .click();
  const again = page.getByRole("dialog", { name: "Confirmar agendamento" });
  await again.getByRole("checkbox", { name: "Li e aceito os termos do atendimento." }).check();
  await again.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page).toHaveURL("/care");
  await expect(
    page.getByRole("region", { name: "Próximas" }).getByRole("listitem").filter({ hasText: psychologist.name }),
  ).toHaveCount(1);
});

test("a first booking asks where notices go, a personal address suggested; it changes on /care", async ({ page }) => {
  const personal = `bia.${stamp}@pessoal.test`;
  await signInAs(page, people.firstBooker, "/care");
  await cancelUpcoming(page);
  await page.getByRole("link", { name: `Ver horários de ${psychologist.name}` }).click();
  await page
    .getByRole("button", { name: /^Agendar / })
    .nth(SAFE_SLOT)
    .click();
  const dialog = page.getByRole("dialog", { name: "Confirmar agendamento" });
  await dialog.getByRole("checkbox", { name: "Li e aceito os termos do atendimento." }).check();
  const where = dialog.getByRole("group", { name: "Onde receber os avisos e convites de agenda" });
  await expect(where).toContainText("Sugerimos um e-mail pessoal");
  await expect(where.getByRole("radio", { name: "Meu e-mail pessoal (sugerido)" })).toBeChecked();
  await dialog.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(where.getByText(careTexts.careEmailRequired)).toBeVisible();
  await expect(where.getByRole("textbox", { name: "E-mail pessoal" })).toHaveAttribute("aria-invalid", "true");
  // The account's address is offered too; the member goes with the suggestion.
  await where.getByRole("radio", { name: `O e-mail da conta (${people.firstBooker.email})` }).check();
  await expect(where.getByRole("textbox", { name: "E-mail pessoal" })).toHaveCount(0);
  await where.getByRole("radio", { name: "Meu e-mail pessoal (sugerido)" }).check();
  await where.getByRole("textbox", { name: "E-mail pessoal" }).fill(personal);
  await dialog.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page).toHaveURL("/care");
  // The invitation goes to the personal address, with a neutral subject and title.
  const confirmation = await waitForMailWith(personal, "Compromisso Sereno confirmado", 0);
  expect(readable(confirmation.raw)).not.toMatch(/psic[oó]log/i);
  expectValidIcs(calendarOf(confirmation), "CONFIRMED");
  // Changeable in the care settings, and asked no more.
  const field = page.getByLabel("E-mail para avisos e convites de agenda");
  await expect(field).toHaveValue(personal);
  await field.fill("");
  await page.getByRole("button", { name: "Salvar e-mail" }).click();
  await expect(page.getByText("Os avisos vão para o e-mail da conta.")).toBeVisible();
  await page.getByRole("link", { name: `Ver horários de ${psychologist.name}` }).click();
  await page
    .getByRole("button", { name: /^Agendar / })
    .last()
    .click();
  const again = page.getByRole("dialog", { name: "Confirmar agendamento" });
  await expect(again.getByRole("checkbox", { name: "Li e aceito os termos do atendimento." })).toBeVisible();
  await expect(again.getByRole("group", { name: "Onde receber os avisos e convites de agenda" })).toHaveCount(0);
});

test("a psychologist marks a session that has begun as held", async ({ page }) => {
  await signInAs(page, seededPsychologist, "/care/agenda");
  const session = page.getByRole("main").getByRole("listitem").filter({ hasText: "Caio" });
  await expect(session).toContainText("Empresa E2E");
  await expect(session).not.toContainText(people.carer.email);
  await expect(session.getByRole("link", { name: "Entrar na sala" })).toHaveAttribute(
    "href",
    "https://sala.sereno.test/sofia",
  );
  await session.getByRole("button", { name: "Marcar como realizada" }).click();
  await expect(page.getByText("Sessão registrada como realizada.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: "Caio" })).toContainText("Realizada");
});

test("member and psychologist exchange messages; the e-mail never carries them", async ({ page, browser }) => {
  await signInAs(page, people.carer, "/care/mensagens");
  await page.getByRole("navigation", { name: "Conversas" }).getByRole("button", { name: psychologist.name }).click();
  await expect(page.getByText(/Costuma responder em até/)).toBeVisible();
  const mailsBefore = await countMails(psychologist.email);
  await page.getByLabel(`Mensagem para ${psychologist.name}`).fill("Posso falar sobre a semana difícil?");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByRole("list", { name: `Conversa com ${psychologist.name}` })).toContainText("Enviada");
  const notice = await waitForMailWith(psychologist.email, "Você tem uma nova mensagem no Sereno", mailsBefore);
  expect(readable(notice.raw)).not.toContain("semana dif");

  const other = await newPage(browser);
  await signInAs(other, psychologist, "/care/mensagens");
  const thread = other.getByRole("navigation", { name: "Conversas" }).getByRole("button", { name: /Caio/ });
  await expect(thread).toContainText("nova");
  await thread.click();
  await expect(other.getByText("Posso falar sobre a semana difícil?")).toBeVisible();
  await other.getByLabel("Mensagem para Caio").fill("Claro, estou aqui. Conte quando quiser.");
  await other.getByRole("button", { name: "Enviar" }).click();
  await expect(other.getByText("Claro, estou aqui.")).toBeVisible();

  await page.reload();
  await expect(page.getByText("Claro, estou aqui. Conte quando quiser.")).toBeVisible();
  await expect(page.getByRole("list", { name: `Conversa com ${psychologist.name}` })).toContainText("Lida");
});

test("the manager's /appointments says in a sentence what will appear and when, not a table of hidden months", async ({
  page,
}) => {
  await signInAs(page, people.manager, "/appointments");
  await expect(page.getByRole("heading", { name: "Consultas", level: 1 })).toBeVisible();
  // The fixture company's people joined today, so no closed month began with the minimum group: no figure,
  // no table, and a sentence saying what will appear and when (issue 36, item 8).
  await expect(page.getByText("Ainda não há números para mostrar.")).toBeVisible();
  await expect(
    page.getByText(
      /^Quando a empresa começar um mês com pelo menos \d+ pessoas, aparece aqui, depois que esse mês terminar, quantas tiveram sessão com um psicólogo\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByText("Oculto")).toHaveCount(0);
  // Never a count of sessions, credits or no-shows; the noise and its margin are explained.
  await expect(page.getByText(/Sessões (realizadas|usadas|concedidas)/)).toHaveCount(0);
  await expect(page.getByText(/desvio sorteado \(em 9 de cada 10 meses, até \d+ pessoas/)).toBeVisible();
  await expect(page.getByText(people.carer.name)).toHaveCount(0);
  await expect(page.getByText(psychologist.name)).toHaveCount(0);
  await screenshotScreen(page, test.info(), "appointments-empty");
});
