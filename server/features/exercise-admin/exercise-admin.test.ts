import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages } from "#core/admin-messages.ts";
import { fileTooLargeMessage, messages } from "#core/messages.ts";
import { DEFAULT_THUMBNAIL } from "#core/schemas/exercise-admin.ts";
import { serverMessages } from "#core/server-messages.ts";
import { createLogger } from "#server/logger.ts";
import { s3Storage } from "#server/storage/s3-storage.ts";
import type { Storage } from "#server/storage/storage.ts";
import { exerciseForm, htmlAsPdf, mp4Bytes, pdfBytes, pngBytes } from "#tests/api/files.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, type TestApp } from "#tests/api/test-app.ts";

type Backend = {
  name: string;
  start: () => Promise<{ storage?: Storage; listKeys: (t: TestApp) => Promise<string[]>; stop: () => Promise<void> }>;
};

function listDisk(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

const backends: Backend[] = [
  {
    name: "disk",
    start: async () => ({
      listKeys: async (t) => listDisk(path.join(t.dataDir, "storage", "exercise-files")),
      stop: async () => {},
    }),
  },
  {
    name: "S3 (s3rver)",
    start: async () => {
      const directory = mkdtempSync(path.join(tmpdir(), "sereno-s3-"));
      const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
      const { port } = await server.run();
      const endpoint = `http://127.0.0.1:${port}`;
      const bucket = `exercise-files-${Math.random().toString(36).slice(2, 8)}`;
      const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
      const storage = s3Storage({ endpoint, bucket, region: "us-east-1", ...credentials });
      const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials });
      return {
        storage,
        listKeys: async () => {
          const listed = await client
            .send(new ListObjectsV2Command({ Bucket: bucket }))
            .catch(() => ({ Contents: [] }));
          return (listed.Contents ?? []).map((object) => object.Key ?? "");
        },
        stop: async () => {
          await server.close();
          rmSync(directory, { recursive: true, force: true });
        },
      };
    },
  },
];

describe.each(backends)("exercise administration on $name", (backend) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInPerson>>;
  let env: Awaited<ReturnType<Backend["start"]>>;

  beforeAll(async () => {
    env = await backend.start();
    t = await createTestApp({ storage: env.storage, env: { UPLOAD_MAX_PDF_MB: "0.01" } });
    admin = await signedInPerson(t.app, t.db, { role: "admin" });
  });
  afterAll(async () => {
    await t.close();
    await env.stop();
  });

  const create = (form: FormData) => admin.as({ method: "POST", url: "/api/admin/exercises", payload: form });
  const fetchUrl = async (url: string, headers: Record<string, string> = {}) =>
    url.startsWith("/") ? t.app.inject({ method: "GET", url, headers }) : fetch(url, { headers });

  it("is for admins only", async () => {
    const { company, manager } = await companyWithManager(t.app, t.db);
    const member = await signedInPerson(t.app, t.db, { companyId: company.id });
    for (const person of [manager, member]) {
      for (const route of [
        { method: "GET", url: "/api/admin/storage" },
        { method: "POST", url: "/api/admin/storage/setup" },
        { method: "GET", url: "/api/admin/exercises" },
        { method: "POST", url: "/api/admin/exercises", payload: exerciseForm({}) },
        { method: "DELETE", url: "/api/admin/exercises/00000000-0000-4000-8000-000000000000" },
      ] as const) {
        expect((await person.as(route)).statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
  });

  it("is ready at start: a PDF uploads with no setup call (the S3 bucket was created at start)", async () => {
    expect((await admin.as({ method: "GET", url: "/api/admin/storage" })).json()).toMatchObject({
      configured: true,
      backend: env.storage ? "s3" : "disk",
    });
    const response = await create(
      exerciseForm({ mediaType: "pdf" }, { media: { bytes: pdfBytes, name: "a.pdf", type: "application/pdf" } }),
    );
    expect(response.statusCode).toBe(201);
    expect(await env.listKeys(t)).toHaveLength(1);
    await admin.as({ method: "DELETE", url: `/api/admin/exercises/${response.json().id}` });
    expect(await env.listKeys(t)).toEqual([]);
  });

  it("checks every field with the pt-BR message, storing nothing", async () => {
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ title: " " }, adminMessages.titleRequired],
      [{ category: "yoga" }, adminMessages.categoryRequired],
      [{ description: "" }, adminMessages.descriptionRequired],
      [{ duration: "" }, adminMessages.durationRequired],
      [{ mediaUrl: "" }, adminMessages.mediaUrlRequired],
      [{ mediaUrl: "javascript:alert(1)" }, adminMessages.mediaUrlInvalid],
      [{ mediaUrl: "nao e url" }, adminMessages.mediaUrlInvalid],
      [{ requiredLevel: 0 }, adminMessages.levelRange],
      [{ requiredLevel: 16 }, adminMessages.levelRange],
      [{ xpReward: 0 }, adminMessages.xpMinimum],
    ];
    const before = (await admin.as({ method: "GET", url: "/api/admin/exercises" })).json().length;
    for (const [fields, message] of cases) {
      const response = await create(exerciseForm(fields));
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    const noFile = await create(exerciseForm({ mediaType: "video" }));
    expect(noFile.json().error.message).toBe(adminMessages.mediaFileRequired);
    expect((await admin.as({ method: "GET", url: "/api/admin/exercises" })).json()).toHaveLength(before);
    expect(await env.listKeys(t)).toEqual([]);
  });

  it("creates a link exercise with the defaults and the shipped thumbnail", async () => {
    const response = await create(exerciseForm({ title: "Link de respiração" }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: { "pt-BR": "Link de respiração" },
      mediaType: "link",
      mediaUrl: "https://exemplo.com.br/pausa",
      requiredLevel: 1,
      xpReward: 10,
      thumbnail: DEFAULT_THUMBNAIL,
    });
    const list = (await admin.as({ method: "GET", url: "/api/admin/exercises" })).json();
    expect(list[0].title["pt-BR"]).toBe("Link de respiração");
  });

  it("stores a PDF and its thumbnail under media/ and thumbnails/, served with safe headers", async () => {
    const response = await create(
      exerciseForm(
        { title: "Guia em PDF", mediaType: "pdf", requiredLevel: 2, xpReward: 25 },
        {
          media: { bytes: pdfBytes, name: "guia.pdf", type: "application/pdf" },
          thumbnail: { bytes: pngBytes, name: "capa.png", type: "image/png" },
        },
      ),
    );
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.mediaUrl).toMatch(/\/media\/\d{13}-[a-z0-9]+\.pdf$/);
    expect(created.thumbnail).toMatch(/\/thumbnails\/\d{13}-[a-z0-9]+\.png$/);
    const pdf = await fetchUrl(created.mediaUrl);
    expect(pdf.headers instanceof Headers ? pdf.headers.get("content-type") : pdf.headers["content-type"]).toMatch(
      /application\/pdf/,
    );
    const cache = pdf.headers instanceof Headers ? pdf.headers.get("cache-control") : pdf.headers["cache-control"];
    expect(cache).toContain("max-age=3600");
    if (!(pdf.headers instanceof Headers)) {
      expect(pdf.headers["x-content-type-options"]).toBe("nosniff");
      expect(pdf.headers["content-disposition"]).toMatch(/^inline; filename="\d+-[a-z0-9]+\.pdf"$/);
    }
    expect((await env.listKeys(t)).length).toBe(2);
  });

  it("checks the type by content: an HTML page named .pdf is refused and nothing is kept", async () => {
    const before = await env.listKeys(t);
    const response = await create(
      exerciseForm({ mediaType: "pdf" }, { media: { bytes: htmlAsPdf, name: "guia.pdf", type: "application/pdf" } }),
    );
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toMatchObject({ code: "UNSUPPORTED_MEDIA", field: "media" });
    expect(response.json().error.message).toBe(serverMessages.fileTypeMismatch);
    const badThumb = await create(
      exerciseForm({}, { thumbnail: { bytes: pdfBytes, name: "capa.png", type: "image/png" } }),
    );
    expect(badThumb.json().error).toMatchObject({ code: "UNSUPPORTED_MEDIA", field: "thumbnail" });
    expect(badThumb.json().error.message).toBe(serverMessages.thumbnailTypeInvalid);
    expect(await env.listKeys(t)).toEqual(before);
  });

  it("refuses an oversized file with a clear message and keeps nothing", async () => {
    const before = await env.listKeys(t);
    const big = Buffer.concat([pdfBytes, Buffer.alloc(64 * 1024, 32)]);
    const response = await create(
      exerciseForm({ mediaType: "pdf" }, { media: { bytes: big, name: "grande.pdf", type: "application/pdf" } }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(fileTooLargeMessage("PDF", 0.01));
    expect(await env.listKeys(t)).toEqual(before);
  });

  it("removes the files just uploaded when the record cannot be written", async () => {
    const before = await env.listKeys(t);
    await t.db.execute(sql`ALTER TABLE exercises ADD CONSTRAINT test_fail CHECK (duration <> 'falhar')`);
    try {
      const response = await create(
        exerciseForm(
          { mediaType: "pdf", duration: "falhar" },
          {
            media: { bytes: pdfBytes, name: "a.pdf", type: "application/pdf" },
            thumbnail: { bytes: pngBytes, name: "a.png", type: "image/png" },
          },
        ),
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`ALTER TABLE exercises DROP CONSTRAINT test_fail`);
    }
    expect(await env.listKeys(t)).toEqual(before);
  });

  it("serves video with range requests so players can seek", async () => {
    const response = await create(
      exerciseForm({ mediaType: "video" }, { media: { bytes: mp4Bytes(), name: "v.mp4", type: "video/mp4" } }),
    );
    expect(response.statusCode).toBe(201);
    const url = response.json().mediaUrl as string;
    const partial = await fetchUrl(url, { range: "bytes=0-99" });
    const status = "status" in partial ? partial.status : partial.statusCode;
    expect(status).toBe(206);
  });

  it("deletes an exercise and its files; completions keep their XP and stay in history", async () => {
    const created = (
      await create(
        exerciseForm(
          { title: "Vai sair", mediaType: "pdf" },
          { media: { bytes: pdfBytes, name: "x.pdf", type: "application/pdf" } },
        ),
      )
    ).json();
    const member = await signedInPerson(t.app, t.db);
    const done = await member.as({ method: "POST", url: `/api/exercises/${created.id}/complete`, payload: {} });
    expect(done.json().xpEarned).toBe(10);
    const keysBefore = await env.listKeys(t);

    const deleted = await admin.as({ method: "DELETE", url: `/api/admin/exercises/${created.id}` });
    expect(deleted.json().message).toBe(adminMessages.exerciseDeleted);
    expect((await env.listKeys(t)).length).toBe(keysBefore.length - 1);
    const library = (await member.as({ method: "GET", url: "/api/exercises" })).json();
    expect(library.find((e: { id: string }) => e.id === created.id)).toBeUndefined();
    const activities = (await member.as({ method: "GET", url: "/api/activities" })).json();
    expect(activities[0]).toMatchObject({ title: "Vai sair (removido do catálogo)", xpEarned: 10 });
    expect((await member.as({ method: "GET", url: "/api/me" })).json().xp).toBe(10);
    expect((await admin.as({ method: "DELETE", url: `/api/admin/exercises/${created.id}` })).statusCode).toBe(404);
  });
});

describe("storage that cannot be prepared at start", () => {
  it("starts anyway, logs why, and keeps 'Configurar armazenamento' for the admin", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // Nothing listens on port 9: the bucket can be neither checked nor created.
    const storage = s3Storage({
      endpoint: "http://127.0.0.1:9",
      bucket: "exercise-files",
      region: "us-east-1",
      accessKeyId: "x",
      secretAccessKey: "y",
    });
    const t = await createTestApp({ storage, logger: createLogger({ level: "warn", stream: sink }) });
    try {
      expect(lines.join("")).toContain("file storage could not be prepared at start");
      const admin = await signedInPerson(t.app, t.db, { role: "admin" });
      expect((await admin.as({ method: "GET", url: "/api/admin/storage" })).json().configured).toBe(false);
      const refused = await admin.as({
        method: "POST",
        url: "/api/admin/exercises",
        payload: exerciseForm(
          { mediaType: "pdf" },
          { media: { bytes: pdfBytes, name: "a.pdf", type: "application/pdf" } },
        ),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.message).toBe(messages.storageUnavailable);
    } finally {
      await t.close();
    }
  });
});
