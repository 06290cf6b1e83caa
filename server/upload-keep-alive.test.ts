/**
 * An upload over its limit on a real kept-alive connection (docs/decisions/018):
 * every upload route answers 413 with `Connection: close` as soon as the limit
 * is passed, without waiting for the rest of the body, and the next request
 * is served. `inject` has no socket, so this listens on 127.0.0.1.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { groupSessions, psychologists } from "#server/db/schema/index.ts";
import { pngOfSize } from "#tests/api/files.ts";
import { riskFixture } from "#tests/api/risk-fixture.ts";
import { companyWithManager, signedInPerson } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/api/test-app.ts";

const LIMIT_MB = "0.05";

let t: TestApp;
let port: number;
let adminCookie: string;
let managerCookie: string;
let companyId: string;
let risk: Awaited<ReturnType<typeof riskFixture>>;

beforeAll(async () => {
  t = await createTestApp({ env: { UPLOAD_MAX_IMAGE_MB: LIMIT_MB, UPLOAD_MAX_PDF_MB: LIMIT_MB } });
  const admin = await signedInPerson(t.app, t.db, { role: "admin" });
  const a = await companyWithManager(t.app, t.db);
  const member = await signedInPerson(t.app, t.db, { companyId: a.company.id });
  adminCookie = admin.cookie;
  managerCookie = a.manager.cookie;
  companyId = a.company.id;
  risk = await riskFixture(t.db, t.app.deps.storage, companyId, member.userId);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);

afterAll(async () => {
  // An upload the server still waits on would hold close() until it timed out.
  t?.app.server.closeAllConnections();
  await t?.close();
});

type Reply = { status: number; connection?: string; body: string; sentBytes: number; sentAll: boolean };

/**
 * Sends a multipart body whose file part is `head` followed by filler, in
 * chunks, and stops sending (without ending the request) once `stopAfter`
 * bytes are out: a reply can then only come from a server that did not wait
 * for the whole body.
 */
function slowUpload(
  agent: http.Agent,
  options: {
    method: string;
    path: string;
    cookie: string;
    fields?: Record<string, string>;
    field: string;
    head: Buffer;
    stopAfter: number;
  },
): Promise<Reply> {
  const boundary = `----sereno${randomUUID()}`;
  const fields = Object.entries(options.fields ?? {}).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const preamble = Buffer.from(
    `${fields.join("")}--${boundary}\r\nContent-Disposition: form-data; name="${options.field}"; filename="arquivo"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  const declared = options.stopAfter * 4;
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: options.method,
        path: options.path,
        headers: {
          origin: TEST_ORIGIN,
          cookie: options.cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": declared,
        },
      },
      (res) => {
        answered = true;
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: text,
            sentBytes: sent,
            sentAll: sent >= declared,
          }),
        );
      },
    );
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 7);
    const pump = () => {
      if (answered || req.destroyed) return;
      if (sent >= options.stopAfter) return; // hold the request open, unfinished
      const piece = sent === 0 ? Buffer.concat([preamble, options.head]) : chunk;
      sent += piece.length;
      req.write(piece, () => setTimeout(pump, 2));
    };
    pump();
  });
}

function get(agent: http.Agent, path: string, cookie: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, agent, path, headers: { cookie } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

async function groupSession() {
  const [row] = await t.db
    .insert(groupSessions)
    .values({
      title: "Oficina",
      description: "",
      facilitatorName: "Renata",
      startsAt: new Date(Date.now() + 86_400_000),
      durationMinutes: 60,
      capacity: 10,
      modality: "in_person",
      location: "Sala 1",
      kind: "workshop",
      audience: "company",
      companyId,
    })
    .returning({ id: groupSessions.id });
  return row?.id ?? "";
}

async function psychologist() {
  const [row] = await t.db
    .insert(psychologists)
    .values({
      fullName: "Psi Foto",
      email: `psi-${randomUUID()}@exemplo.com.br`,
      crpNumber: "06/1234",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-01",
    })
    .returning({ id: psychologists.id });
  return row?.id ?? "";
}

const png = pngOfSize(64, 64);
const pdf = Buffer.from("%PDF-1.4\n");
const MB = 1024 * 1024;
const exerciseFields = {
  title: "Pausa",
  category: "breathing",
  description: "Uma pausa curta.",
  duration: "5 min",
  mediaType: "link",
  mediaUrl: "https://exemplo.com.br/pausa",
};

const routes: {
  name: string;
  method: string;
  path: () => Promise<string>;
  cookie: () => string;
  fields?: Record<string, string>;
  field: string;
  head: Buffer;
  limitBytes: number;
}[] = [
  {
    name: "exercise media",
    method: "POST",
    path: async () => "/api/admin/exercises",
    cookie: () => adminCookie,
    fields: { ...exerciseFields, mediaType: "pdf" },
    field: "media",
    head: pdf,
    limitBytes: Math.ceil(0.05 * MB),
  },
  {
    name: "exercise thumbnail",
    method: "POST",
    path: async () => "/api/admin/exercises",
    cookie: () => adminCookie,
    fields: exerciseFields,
    field: "thumbnail",
    head: png,
    limitBytes: Math.ceil(0.05 * MB),
  },
  {
    name: "psychologist photo",
    method: "PUT",
    path: async () => `/api/admin/psychologists/${await psychologist()}/photo`,
    cookie: () => adminCookie,
    field: "photo",
    head: png,
    limitBytes: Math.ceil(0.05 * MB),
  },
  {
    name: "group-session material",
    method: "POST",
    path: async () => `/api/group-sessions/${await groupSession()}/materials?companyId=${companyId}`,
    cookie: () => managerCookie,
    field: "file",
    head: pdf,
    limitBytes: Math.ceil(0.05 * MB),
  },
  {
    name: "NR-1 action evidence",
    method: "POST",
    path: async () =>
      (await risk.requestFor("POST /api/risks/actions/{id}/files", "/api/risks/actions/{id}/files", companyId)).url,
    cookie: () => managerCookie,
    field: "file",
    head: pdf,
    limitBytes: 10 * MB,
  },
  {
    name: "NR-1 participation record file",
    method: "POST",
    path: async () =>
      (await risk.requestFor("POST /api/risks/records/{id}/files", "/api/risks/records/{id}/files", companyId)).url,
    cookie: () => managerCookie,
    field: "file",
    head: pdf,
    limitBytes: 10 * MB,
  },
];

describe("an upload over its limit on a kept-alive connection", () => {
  for (const route of routes) {
    it(`${route.name}: 413 with Connection: close before the body ends, then the next request is served`, async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        // The connection is in use (kept alive) before the upload.
        expect(await get(agent, "/api/me", route.cookie())).toBe(200);
        const reply = await slowUpload(agent, {
          method: route.method,
          path: await route.path(),
          cookie: route.cookie(),
          fields: route.fields,
          field: route.field,
          head: route.head,
          stopAfter: route.limitBytes + 512 * 1024,
        });
        expect(reply.status, reply.body).toBe(413);
        expect(reply.sentAll).toBe(false);
        expect(reply.connection).toBe("close");
        expect(JSON.parse(reply.body).error.message).toMatch(/MB|limite/);
        expect(await get(agent, "/api/me", route.cookie())).toBe(200);
      } finally {
        agent.destroy();
      }
    }, 30_000);
  }
});

describe("an upload refused before its file is read, on a kept-alive connection", () => {
  it("exercise with an invalid form: 400 with Connection: close before the body ends, then the next request is served", async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent, "/api/me", adminCookie)).toBe(200);
      // The form is refused at the file part (its title is empty): the file's bytes are never read.
      const reply = await slowUpload(agent, {
        method: "POST",
        path: "/api/admin/exercises",
        cookie: adminCookie,
        fields: { ...exerciseFields, mediaType: "pdf", title: "" },
        field: "media",
        head: pdf,
        stopAfter: 512 * 1024,
      });
      expect(reply.status, reply.body).toBe(400);
      expect(reply.sentAll).toBe(false);
      expect(reply.connection).toBe("close");
      expect(JSON.parse(reply.body).error.field).toBe("title");
      expect(await get(agent, "/api/me", adminCookie)).toBe(200);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
