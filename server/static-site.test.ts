import { createHash } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "#server/app.ts";
import { type Database, openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { trackingMailer } from "#server/mail/mailer.ts";
import { createPerson, signIn } from "#tests/api/sessions.ts";
import { managerGreeting, memberGreeting } from "#web/components/dashboard-start.tsx";
// @ts-expect-error: a plain .mjs script without types
import { precompress } from "../scripts/build.mjs";
import { loadWebBuild } from "./web-build.ts";

const inline = "window.__ctx={a:1}";
const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `palavra-${i % 20}`))};`;
/** React Router's inline module, as its build writes it. */
const routerModule = `<script type="module" async="">import "/assets/manifest-ab12cd.js";
import * as route0 from "/assets/root-1.js";
  window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry-1.js");</script>`;
let app: Awaited<ReturnType<typeof buildApp>>;
let db: Database["db"];
let close: () => Promise<void>;

beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), "sereno-web-"));
  const page = (title: string) =>
    `<!doctype html><html><head><meta charSet="utf-8"/><link rel="modulepreload" href="/assets/root-1.js"/><meta name="sereno-contact" content="__CONTACT_WHATSAPP__"><meta name="csp-nonce" content="__CSP_NONCE__"><meta property="og:url" content="__APP_URL__/sobre"><title>${title}</title><script>${inline}</script><link rel="stylesheet" href="/assets/root-1.css"/></head><body><a href="https://wa.me/__CONTACT_WHATSAPP__">WhatsApp</a>${routerModule}</body></html>`;
  mkdirSync(path.join(root, "sobre"));
  mkdirSync(path.join(root, "assets"));
  writeFileSync(path.join(root, "index.html"), page("Início"));
  writeFileSync(path.join(root, "sobre/index.html"), page("Sobre"));
  writeFileSync(path.join(root, "__spa-fallback.html"), page("App"));
  // As web/routes/privacidade.tsx prerenders it: placeholders in meta tags, text and a mailto link.
  mkdirSync(path.join(root, "privacidade"));
  writeFileSync(
    path.join(root, "privacidade/index.html"),
    `<!doctype html><html><head><meta name="sereno-dpo-name" content="__DPO_NAME__"><meta name="sereno-dpo-email" content="__DPO_EMAIL__"><meta name="sereno-notes-retention" content="__NOTES_RETENTION_DAYS__"><title>Privacidade</title></head><body><p>Anotações dos check-ins: apagadas automaticamente __NOTES_RETENTION_DAYS__ dias depois de escritas.</p><address><p>__DPO_NAME__</p><a href="mailto:__DPO_EMAIL__">__DPO_EMAIL__</a></address></body></html>`,
  );
  writeFileSync(path.join(root, "assets/app-123.js"), "console.log(1)");
  writeFileSync(path.join(root, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  // The real files of public/, and a route manifest as React Router's build writes it.
  for (const file of ["robots.txt", "favicon.ico"]) copyFileSync(path.resolve("public", file), path.join(root, file));
  const routes = {
    root: { id: "root", path: "" },
    "routes/public-layout": { id: "routes/public-layout", parentId: "root" },
    "routes/sobre": { id: "routes/sobre", parentId: "routes/public-layout", path: "sobre" },
    "routes/app-layout": {
      id: "routes/app-layout",
      parentId: "root",
      module: "/assets/app-layout-1.js",
      imports: ["/assets/root-1.js", "/assets/shared-1.js"],
    },
    "routes/dashboard": {
      id: "routes/dashboard",
      parentId: "routes/app-layout",
      path: "dashboard",
      module: "/assets/dashboard-1.js",
      imports: ["/assets/shared-1.js", "/assets/panel-1.js"],
    },
    "routes/admin.exercises": { id: "routes/admin.exercises", parentId: "routes/app-layout", path: "admin/exercises" },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
  };
  writeFileSync(
    path.join(root, "assets/manifest-ab12cd.js"),
    `window.__reactRouterManifest=${JSON.stringify({ routes })};`,
  );
  writeFileSync(path.join(root, "assets/big-456.js"), BIG_SCRIPT);
  precompress(root);
  const database = await openDatabase({ kind: "pglite" });
  db = database.db;
  const env = parseEnv({
    NODE_ENV: "test",
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "sereno-data-")),
    LOG_LEVEL: "silent",
    APP_URL: "https://sereno.exemplo.com.br",
    CONTACT_WHATSAPP: "5511912345678",
    NOTES_RETENTION_DAYS: "400",
    DPO_NAME: "Beatriz Sá & Filhos",
    DPO_EMAIL: "dpo@empresa-cliente.com.br",
  });
  app = await buildApp({
    env,
    database,
    mailer: trackingMailer(async () => {}),
    secret: "test-secret-test-secret-test-secret!",
    web: loadWebBuild(root, env),
  });
  close = async () => {
    await app.close();
    await database.close();
  };
});
afterAll(() => close());

describe("serving the web build", () => {
  it("serves prerendered pages with the configured contact number, and the SPA fallback for app routes", async () => {
    const home = await app.inject({ method: "GET", url: "/" });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain("<title>Início</title>");
    expect(home.body).toContain("https://wa.me/5511912345678");
    expect(home.body).not.toContain("__CONTACT_WHATSAPP__");
    expect((await app.inject({ method: "GET", url: "/sobre" })).body).toContain("<title>Sobre</title>");
    expect((await app.inject({ method: "GET", url: "/sobre/" })).body).toContain("<title>Sobre</title>");
    expect((await app.inject({ method: "GET", url: "/dashboard" })).body).toContain("<title>App</title>");
  });

  it("lists the scripts of the app route a page will show, to load after the first paint", async () => {
    const dashboard = (await app.inject({ method: "GET", url: "/dashboard" })).body;
    // Nothing the browser fetches before it paints: the list is inert until the page's loader reads it.
    expect(dashboard).not.toContain('rel="modulepreload"');
    const preloads = [...dashboard.matchAll(/<link rel="sereno-modulepreload" href="([^"]+)"\/>/g)].map(
      (match) => match[1],
    );
    expect(preloads).toEqual([
      "/assets/root-1.js",
      "/assets/app-layout-1.js",
      "/assets/shared-1.js",
      "/assets/dashboard-1.js",
      "/assets/panel-1.js",
    ]);
    // React Router's module imports the same modules, once the first frame is painted.
    const loader = dashboard.match(/<script type="module" async="">([\s\S]*?)<\/script>/)?.[1] ?? "";
    expect(loader).toMatch(/^await new Promise\(\(painted\) => requestAnimationFrame/);
    expect(loader).toContain(
      'const [, route0] = await Promise.all([import("/assets/manifest-ab12cd.js"), import("/assets/root-1.js")]);',
    );
    expect(loader).toContain('window.__reactRouterRouteModules = {"root":route0};');
    expect(loader).not.toMatch(/^import /m);
    // A prerendered page keeps its own list; an app path with no route gets none.
    const about = (await app.inject({ method: "GET", url: "/sobre" })).body;
    expect(about).not.toContain("dashboard-1.js");
    expect((await app.inject({ method: "GET", url: "/nao-existe" })).body).not.toContain("app-layout-1.js");
  });

  it("states the configured encarregado and notes retention period on /privacidade", async () => {
    const page = await app.inject({ method: "GET", url: "/privacidade" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("apagadas automaticamente 400 dias depois");
    expect(page.body).toContain("<p>Beatriz Sá &#38; Filhos</p>");
    expect(page.body).toContain('<a href="mailto:dpo@empresa-cliente.com.br">dpo@empresa-cliente.com.br</a>');
    expect(page.body).toContain('<meta name="sereno-notes-retention" content="400">');
    expect(page.body).not.toMatch(/__(DPO_NAME|DPO_EMAIL|NOTES_RETENTION_DAYS)__/);
  });

  it("serves build files with the right type, hashed assets cached for good", async () => {
    const asset = await app.inject({ method: "GET", url: "/assets/app-123.js" });
    expect(asset.headers["content-type"]).toMatch(/javascript/);
    expect(asset.headers["cache-control"]).toContain("immutable");
    const icon = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(icon.headers["content-type"]).toMatch(/svg/);
  });

  it("sends the build's brotli or gzip copy to a client that accepts it, the file itself to one that does not", async () => {
    const get = (encoding?: string) =>
      app.inject({
        method: "GET",
        url: "/assets/big-456.js",
        headers: encoding ? { "accept-encoding": encoding } : {},
      });
    const brotli = await get("gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 5);
    const gzip = await get("gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await get();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it("compresses pages per reply, nonce and all", async () => {
    const page = await app.inject({ method: "GET", url: "/sobre", headers: { "accept-encoding": "br" } });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers.vary).toContain("accept-encoding");
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain("<title>Sobre</title>");
    expect(html).not.toContain("__CSP_NONCE__");
  });

  it("allows exactly the build's inline scripts by hash", async () => {
    const csp = String((await app.inject({ method: "GET", url: "/" })).headers["content-security-policy"]);
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; ");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("allows styles by hash and by a nonce fresh in each HTML reply, never by 'unsafe-inline'", async () => {
    const replies = [await app.inject({ method: "GET", url: "/" }), await app.inject({ method: "GET", url: "/" })];
    const nonces = replies.map(
      (reply) => String(reply.headers["content-security-policy"]).match(/style-src [^;]*'nonce-([^']+)'/)?.[1],
    );
    expect(nonces[0]).toMatch(/^[\w+/]{22}==$/);
    expect(nonces[1]).not.toBe(nonces[0]);
    expect(replies[0]?.body).toContain(`<meta name="csp-nonce" content="${nonces[0]}">`);
    expect(String(replies[0]?.headers["content-security-policy"])).not.toContain("unsafe-inline");
    // sonner's stylesheet, and the empty <style> it starts from.
    expect(String(replies[0]?.headers["content-security-policy"])).toContain(
      "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='",
    );
  });

  it("sends the security headers with HTML, not with every asset (docs/decisions/018)", async () => {
    const page = await app.inject({ method: "GET", url: "/" });
    expect(String(page.headers["content-security-policy"])).toContain("base-uri 'none'");
    expect(page.headers["x-frame-options"]).toBe("DENY");
    const asset = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(asset.headers["content-security-policy"]).toBeUndefined();
    expect(asset.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("puts the public origin in the pages' share tags", async () => {
    const page = await app.inject({ method: "GET", url: "/sobre" });
    expect(page.body).toContain('<meta property="og:url" content="https://sereno.exemplo.com.br/sobre">');
    expect(page.body).not.toContain("__APP_URL__");
  });

  it("serves robots.txt and favicon.ico as what they are, not as the home page", async () => {
    const robots = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(robots.statusCode).toBe(200);
    expect(robots.headers["content-type"]).toMatch(/^text\/plain/);
    expect(robots.body).toMatch(/^User-agent: \*$/m);
    expect(robots.body).toMatch(/^Allow: \/sobre$/m);
    expect(robots.body).toMatch(/^Disallow: \/$/m);
    const icon = await app.inject({ method: "GET", url: "/favicon.ico" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    expect(icon.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  });

  it("answers 404 for missing files instead of the HTML page", async () => {
    for (const url of ["/apple-touch-icon.png", "/sitemap.xml", "/assets/app-old.js", "/assets/nada"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers["content-type"], url).not.toMatch(/html/);
    }
  });

  it("answers unknown app paths with the app (its 'Página não encontrada') and status 404, known ones with 200", async () => {
    for (const url of ["/dashbord", "/admin/nada", "/sobre/equipe"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("<title>App</title>");
    }
    for (const url of ["/dashboard", "/admin/exercises", "/sobre/", "/"]) {
      expect((await app.inject({ method: "GET", url })).statusCode, url).toBe(200);
    }
  });

  it("keeps API 404s as JSON", async () => {
    const response = await app.inject({ method: "GET", url: "/api/nada" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe("NOT_FOUND");
  });
});

describe("a signed-in page's first frame (docs/decisions/021)", () => {
  const FRAME = '<sereno-frame inert aria-hidden="true">';
  const APP_ORIGIN = "https://sereno.exemplo.com.br";

  /** Someone signed in on this app (its APP_URL is not the other tests' origin), and a GET of a page as them. */
  async function signedInPerson(options: Parameters<typeof createPerson>[1]) {
    const person = await createPerson(db, options);
    const { cookie } = await signIn(app, person.email, person.password, APP_ORIGIN);
    // As a browser opens a page: the frame goes only into navigations.
    const opening = { cookie, "sec-fetch-mode": "navigate" };
    return {
      checkIn: () =>
        app.inject({
          method: "POST",
          url: "/api/check-ins",
          headers: { cookie, origin: APP_ORIGIN, "content-type": "application/json" },
          payload: { mood: 4 },
        }),
      open: (url: string) => app.inject({ method: "GET", url, headers: opening }),
      fetch: (url: string) => app.inject({ method: "GET", url, headers: { cookie, "sec-fetch-mode": "same-origin" } }),
    };
  }

  it("draws the person's shell and the dashboard's welcome right after <body>, for their browser only", async () => {
    const manager = await signedInPerson({ role: "manager", name: "Lia <Gestora> & Cia" });
    const response = await manager.open("/dashboard");
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<body>${FRAME}`);
    // React's markers between a text's parts (<!-- -->) out, to read the text as a person sees it.
    const frame = response.body
      .slice(response.body.indexOf(FRAME), response.body.indexOf("</sereno-frame>"))
      .replaceAll("<!-- -->", "");
    // The name is text, escaped; the title and the menu are the manager's.
    expect(frame).toContain("Olá, Lia &lt;Gestora&gt; &amp; Cia");
    expect(frame).toContain("Que bom te ver por aqui, Lia!");
    expect(frame).toContain(managerGreeting);
    expect(frame).toContain('href="/reports"');
    // No style attribute: the policy refuses inline styles (server/security-headers.test.ts).
    expect(frame).not.toMatch(/\sstyle=/);
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    expect(response.headers.vary).toContain("cookie");
  });

  it("follows the role and the path: a member's welcome by today's check-in, other screens' spinner", async () => {
    const member = await signedInPerson({ name: "Rui Souza" });
    const dashboard = (await member.open("/dashboard")).body;
    expect(dashboard).toContain(FRAME);
    // The greeting the app draws once it has today's check-in, so the welcome does not change under the reader.
    expect(dashboard).toContain(memberGreeting({ checkIn: null }));
    expect(dashboard).not.toContain(managerGreeting);
    expect(dashboard).not.toContain('href="/reports"');
    expect((await member.checkIn()).statusCode).toBe(201);
    expect((await member.open("/dashboard")).body).toContain(memberGreeting({ checkIn: true }));
    // A screen the role sees its own 'restricted' panel on: the shell, with the spinner in it.
    const restricted = (await member.open("/admin/exercises")).body;
    expect(restricted).toContain(FRAME);
    expect(restricted).toContain("Carregando...");
  });

  it("draws nothing for a visitor, a script's fetch, a screen the role is sent away from, or an unknown path", async () => {
    const visitor = await app.inject({ method: "GET", url: "/dashboard", headers: { "sec-fetch-mode": "navigate" } });
    expect(visitor.body).not.toContain("<sereno-frame");
    expect(visitor.headers["cache-control"]).toBe("no-cache");
    // The service worker's copy of the app shell is fetched by a script, with the person's cookie.
    const member = await signedInPerson({});
    const fetched = await member.fetch("/dashboard");
    expect(fetched.statusCode).toBe(200);
    expect(fetched.body).not.toContain("<sereno-frame");
    expect(fetched.headers.vary).toContain("sec-fetch-mode");
    const psychologist = await signedInPerson({ role: "psychologist" });
    expect((await psychologist.open("/dashboard")).body).not.toContain("<sereno-frame");
    const unknown = await psychologist.open("/dashbord");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain("<sereno-frame");
  });
});
