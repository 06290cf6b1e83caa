import { readdirSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listeningMessages as m } from "#core/listening-messages.ts";
import { rowsOf } from "#server/db/client.ts";
import { listeningAttachments, listeningCases } from "#server/db/schema/index.ts";
import { listeningCompany, writeCase } from "#tests/api/listening.ts";
import {
  jpegWithExif,
  messageForm,
  pdfWithAuthor,
  pngWithText,
  SECRET_AUTHOR,
  SECRET_GPS,
  SECRET_TITLE,
} from "#tests/api/listening-files.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";

const clock = testClock("2026-11-22T12:00:00-03:00");
let t: TestApp;
let c: Awaited<ReturnType<typeof listeningCompany>>;

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  c = await listeningCompany(t);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

const holds = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, "latin1"));
const caseIdOf = async (protocol: string) =>
  (await t.db.select().from(listeningCases).where(eq(listeningCases.protocol, protocol)))[0]?.id as string;
const storedFiles = () => {
  const folder = path.join(t.dataDir, "storage", "exercise-files", "escuta");
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
};
let address = 0;
/** Signed out, each call from its own address (the follow limit is per address). */
const anonymous = (request: InjectOptions) =>
  t.app.inject({
    ...request,
    remoteAddress: `10.1.0.${++address % 250}`,
    headers: { origin: TEST_ORIGIN, ...request.headers },
  });

/** A case written with a photo (EXIF), an image (tEXt) and a PDF (author), named after the person. */
async function caseWithFiles(excludedHandlerIds: string[] = []) {
  const form = await messageForm(
    { kind: "denuncia", category: "assedio_moral", body: "Segue a foto do quadro.", excludedHandlerIds },
    [
      { bytes: jpegWithExif(), name: `${SECRET_AUTHOR} - foto.jpg`, type: "image/jpeg" },
      { bytes: pngWithText(), name: "print.png", type: "image/png" },
      { bytes: await pdfWithAuthor(), name: `${SECRET_TITLE}.pdf`, type: "application/pdf" },
    ],
  );
  const reply = await c.member.as({ method: "POST", url: "/api/escuta/casos", ...form });
  expect(reply.statusCode, reply.body).toBe(201);
  const created = reply.json() as { protocol: string; secret: string };
  return { ...created, id: await caseIdOf(created.protocol) };
}

describe("attachments of a case", () => {
  it("are stored without EXIF, tEXt or PDF metadata, under neutral names, and handlers download them", async () => {
    const created = await caseWithFiles();
    const [helena] = c.handlers;
    const view = (await helena.as({ method: "GET", url: `/api/escuta/casos/${created.id}` })).json();
    const files = view.messages[0].attachments as { id: string; name: string; contentType: string }[];
    expect(files.map((file) => [file.name, file.contentType])).toEqual([
      ["anexo-1.jpg", "image/jpeg"],
      ["anexo-2.png", "image/png"],
      ["anexo-3.pdf", "application/pdf"],
    ]);
    const rows = await t.db.select().from(listeningAttachments).where(eq(listeningAttachments.caseId, created.id));
    expect(JSON.stringify(rows)).not.toMatch(/Marina|foto|print|Relato/);
    const downloads = [];
    for (const file of files) {
      const reply = await helena.as({ method: "GET", url: `/api/escuta/casos/${created.id}/anexos/${file.id}` });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers["content-disposition"]).toBe(`attachment; filename="${file.name}"`);
      expect(reply.headers["x-content-type-options"]).toBe("nosniff");
      expect(reply.headers["content-type"]).toBe(file.contentType);
      downloads.push(reply.rawPayload);
    }
    const [jpeg, png, pdf] = downloads as [Buffer, Buffer, Buffer];
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    for (const text of ["Exif", SECRET_AUTHOR, SECRET_GPS, SECRET_TITLE]) expect(holds(jpeg, text)).toBe(false);
    for (const text of ["tEXt", "tIME", SECRET_AUTHOR, SECRET_TITLE]) expect(holds(png, text)).toBe(false);
    const document = await PDFDocument.load(pdf, { updateMetadata: false });
    expect([document.getAuthor(), document.getTitle()]).toEqual([undefined, undefined]);
    expect(holds(pdf, SECRET_TITLE) || holds(pdf, SECRET_AUTHOR)).toBe(false);
    // What is on disk is what was downloaded: nothing kept the original anywhere.
    for (const row of rows) {
      const chunks: Buffer[] = [];
      for await (const chunk of await t.app.deps.storage.get(row.storageKey)) chunks.push(chunk as Buffer);
      expect(holds(Buffer.concat(chunks), SECRET_AUTHOR)).toBe(false);
      expect((await t.app.inject({ method: "GET", url: `/media/${row.storageKey}` })).statusCode).toBe(404);
    }
  }, 120_000);

  it("an excluded handler, another company's handler and a manager who is not a handler get no file", async () => {
    const [helena, hugo] = c.handlers;
    const created = await caseWithFiles([hugo.handlerId]);
    const [file] = (await helena.as({ method: "GET", url: `/api/escuta/casos/${created.id}` })).json().messages[0]
      .attachments;
    const url = `/api/escuta/casos/${created.id}/anexos/${file.id}`;
    expect((await helena.as({ method: "GET", url })).statusCode).toBe(200);
    const excluded = await hugo.as({ method: "GET", url });
    expect(excluded.statusCode).toBe(404);
    expect(excluded.body).not.toContain("anexo-1");
    const other = await listeningCompany(t);
    expect((await other.handlers[0].as({ method: "GET", url })).statusCode).toBe(404);
    const manager = await c.manager.as({ method: "GET", url });
    expect(manager.statusCode).toBe(403);
    expect(manager.json().error.code).toBe("NOT_LISTENING_HANDLER");
    // Another case's id with this file's id: not this case's file.
    const { protocol } = await writeCase(c.member);
    const elsewhere = `/api/escuta/casos/${await caseIdOf(protocol)}/anexos/${file.id}`;
    expect((await helena.as({ method: "GET", url: elsewhere })).statusCode).toBe(404);
  }, 120_000);

  it("the reporter sends and downloads files with protocol and secret, never the team's notes' files", async () => {
    const created = await caseWithFiles();
    const reply = await anonymous({
      method: "POST",
      url: "/api/escuta/acompanhar/mensagens",
      ...(await messageForm({ protocol: created.protocol, secret: created.secret, body: "Mais uma foto." }, [
        { bytes: jpegWithExif(), name: "IMG_0042.jpg" },
      ])),
    });
    expect(reply.statusCode).toBe(201);
    const messages = reply.json().messages as { attachments: { id: string; name: string }[] }[];
    expect(messages[1]?.attachments.map((file) => file.name)).toEqual(["anexo-1.jpg"]);
    const fileId = messages[1]?.attachments[0]?.id;
    const download = (secret: string, id = fileId) =>
      anonymous({
        method: "POST",
        url: `/api/escuta/acompanhar/anexos/${id}`,
        payload: { protocol: created.protocol, secret },
      });
    const got = await download(created.secret);
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-disposition"]).toBe('attachment; filename="anexo-1.jpg"');
    expect(holds(got.rawPayload, SECRET_AUTHOR)).toBe(false);
    expect((await download("AAAA-AAAA-AAAA-AAAA")).statusCode).toBe(404);
    // A handler's internal note with a file: the reporter never reads it.
    const [helena] = c.handlers;
    const note = await helena.as({
      method: "POST",
      url: `/api/escuta/casos/${created.id}/mensagens`,
      ...(await messageForm({ body: "Nota com anexo", isInternal: true }, [{ bytes: pngWithText(), name: "n.png" }])),
    });
    expect(note.statusCode).toBe(201);
    const thread = (await helena.as({ method: "GET", url: `/api/escuta/casos/${created.id}` })).json().messages;
    const noteFile = thread.at(-1).attachments[0].id;
    expect((await download(created.secret, noteFile)).statusCode).toBe(404);
  }, 120_000);

  it("refuses other types by their bytes, more than 3 files and files over 5 MB, storing nothing", async () => {
    const before = storedFiles().length;
    const send = async (files: { bytes: Buffer; name: string; type?: string }[]) =>
      c.member.as({
        method: "POST",
        url: "/api/escuta/casos",
        ...(await messageForm({ kind: "mensagem", category: "sugestao", body: "Com anexo" }, files)),
      });
    const html = await send([
      { bytes: Buffer.from("<html><script>1</script></html>"), name: "foto.jpg", type: "image/jpeg" },
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json().error.message).toBe(m.attachmentType);
    const gif = await send([{ bytes: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), name: "a.gif" }]);
    expect(gif.statusCode).toBe(415);
    const broken = await send([{ bytes: Buffer.from("%PDF-1.7\nquebrado"), name: "a.pdf" }]);
    expect(broken.statusCode).toBe(415);
    expect(broken.json().error.message).toBe(m.attachmentUnreadable);
    const four = await send(Array.from({ length: 4 }, (_, i) => ({ bytes: pngWithText(), name: `${i}.png` })));
    expect(four.statusCode).toBe(400);
    expect(four.json().error.message).toBe(m.attachmentTooMany);
    const big = Buffer.concat([jpegWithExif(), Buffer.alloc(5 * 1024 * 1024)]);
    const large = await send([{ bytes: big, name: "grande.jpg" }]);
    expect(large.statusCode).toBe(413);
    const good = pngWithText();
    const mixed = await send([
      { bytes: good, name: "ok.png" },
      { bytes: Buffer.from("MZ\x90\x00"), name: "ok2.png" },
    ]);
    expect(mixed.statusCode).toBe(415);
    expect(storedFiles().length).toBe(before);
  }, 120_000);

  it("are deleted with their case by the retention job", async () => {
    const created = await caseWithFiles();
    const keys = (
      await t.db.select().from(listeningAttachments).where(eq(listeningAttachments.caseId, created.id))
    ).map((row) => path.basename(row.storageKey));
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(storedFiles()).toContain(key);
    await t.db
      .update(listeningCases)
      .set({ status: "arquivada", closedOn: "2020-01-10" })
      .where(eq(listeningCases.id, created.id));
    const job = t.app.deps.jobs.find((definition) => definition.name === "listening-retention");
    await job?.run({ db: t.db, now: clock.now() } as never);
    expect(await caseIdOf(created.protocol)).toBeUndefined();
    for (const key of keys) expect(storedFiles()).not.toContain(key);
    expect(await t.db.select().from(listeningAttachments).where(eq(listeningAttachments.caseId, created.id))).toEqual(
      [],
    );
  }, 120_000);

  it("the attachments table references only the case and its message, never an account", async () => {
    const references = rowsOf<{ foreign_table: string }>(
      await t.db.execute(sql`
        select ccu.table_name as foreign_table
        from information_schema.table_constraints tc
        join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'FOREIGN KEY' and tc.table_name = 'listening_attachments'`),
    );
    expect(new Set(references.map((row) => row.foreign_table))).toEqual(
      new Set(["listening_cases", "listening_messages"]),
    );
  });
});

describe("handlers are told there is something new", () => {
  it("the next morning, without the case's text, category or protocol, and not the handler kept out", async () => {
    const company = await listeningCompany(t);
    const [helena, hugo] = company.handlers;
    clock.set("2026-11-25T15:47:00-03:00");
    const text = "Relato que não pode sair por e-mail 5521";
    const { protocol, secret } = await writeCase(company.member, { body: text, excludedHandlerIds: [hugo.handlerId] });
    clock.set("2026-11-22T12:00:00-03:00");
    const job = t.app.deps.jobs.find((definition) => definition.name === "listening-notices");
    const run = async (day: string) => {
      t.mails.length = 0;
      await job?.run({ db: t.db, now: new Date(`${day}T08:00:00-03:00`), job: { key: day } } as never);
      return t.mails.filter((mail) => [helena.email, hugo.email, company.manager.email].includes(mail.to));
    };
    // The day it was written: nothing yet (a mail's time would date the case finer than the day).
    expect(await run("2026-11-25")).toEqual([]);
    const mails = await run("2026-11-26");
    expect(mails.map((mail) => mail.to)).toEqual([helena.email]);
    const [mail] = mails;
    const all = `${mail?.subject}\n${mail?.text}\n${mail?.html}`;
    expect(all).toContain("/escuta/casos");
    for (const secretBit of [text, "5521", protocol, secret, "Assédio", "assedio", "denúncia", "Denúncia"]) {
      expect(all).not.toContain(secretBit);
    }
    // The reporter's reply is news again the next day; the handler's own reply is not.
    clock.set("2026-11-27T10:00:00-03:00");
    await anonymous({
      method: "POST",
      url: "/api/escuta/acompanhar/mensagens",
      payload: { protocol, secret, body: "Mais um detalhe" },
    });
    clock.set("2026-11-28T10:00:00-03:00");
    const id = await caseIdOf(protocol);
    await helena.as({ method: "POST", url: `/api/escuta/casos/${id}/mensagens`, payload: { body: "Obrigada" } });
    clock.set("2026-11-22T12:00:00-03:00");
    expect((await run("2026-11-28")).map((sent) => sent.to)).toEqual([helena.email]);
    expect(await run("2026-11-29")).toEqual([]);
  }, 120_000);
});

describe("a company deleted outright", () => {
  it("takes its cases' files out of storage with it", async () => {
    const other = await listeningCompany(t);
    const form = await messageForm({ kind: "denuncia", category: "assedio_moral", body: "Foto anexa." }, [
      { bytes: jpegWithExif(), name: "foto.jpg", type: "image/jpeg" },
      { bytes: await pdfWithAuthor(), name: "relato.pdf", type: "application/pdf" },
    ]);
    const written = await other.member.as({ method: "POST", url: "/api/escuta/casos", ...form });
    expect(written.statusCode, written.body).toBe(201);
    const caseId = await caseIdOf((written.json() as { protocol: string }).protocol);
    const keys = (await t.db.select().from(listeningAttachments).where(eq(listeningAttachments.caseId, caseId))).map(
      (row) => path.basename(row.storageKey),
    );
    expect(keys).toHaveLength(2);
    // The first company's files stay: only the deleted company's go.
    const kept = storedFiles().filter((file) => !keys.includes(file));
    expect(kept.length).toBeGreaterThan(0);

    const deleted = await other.admin.as({ method: "DELETE", url: `/api/admin/companies/${other.company.id}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const key of keys) expect(storedFiles()).not.toContain(key);
    expect(storedFiles()).toEqual(kept);
  }, 120_000);
});
