/**
 * Serves the web build from the same origin as the API: prerendered public
 * pages as real HTML, the SPA fallback for app routes, hashed assets with a
 * long cache. Also derives the Content-Security-Policy from the built HTML:
 * each inline script React Router emits is allowed by its SHA-256 hash, so
 * script-src needs no 'unsafe-inline'; nor does style-src: the one <style>
 * a library injects with fixed text (sonner's) is allowed by its hash, the
 * ones the dialogs' scroll lock writes at run time by the page's nonce, fresh
 * in each HTML reply (docs/decisions/018). Placeholders for run-time settings
 * (contact number, encarregado, notes retention) are filled in the HTML here
 * (docs/decisions/005). Unknown paths get a 404: a missing file (a name
 * with an extension, or anything under /assets/) a short one, an unknown app
 * path the app's 'Página não encontrada' page with that status; the known
 * paths are read from the route manifest of the build. Edit when the build
 * layout changes.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { pagePlaceholders } from "#core/page-placeholders.ts";
import type { Me } from "#core/schemas/me.ts";
import { serverMessages } from "#core/server-messages.ts";
import type { Env } from "#server/env.ts";
import { AppError } from "#server/errors.ts";
import { escapeHtml } from "#server/html.ts";
import type { FrameReads } from "#web/first-frame.tsx";

/**
 * Replaced in every HTML file at load time (core/page-placeholders.ts): the contact number, the privacy
 * policy's encarregado and notes retention period (web/lib/legal-config.ts), and the public origin in the
 * pages' share tags (web/lib/share-meta.ts).
 */
const SITE_PLACEHOLDERS = [
  [pagePlaceholders.appUrl, "APP_URL"],
  [pagePlaceholders.dpoName, "DPO_NAME"],
  [pagePlaceholders.dpoEmail, "DPO_EMAIL"],
  [pagePlaceholders.notesRetentionDays, "NOTES_RETENTION_DAYS"],
] as const;

export type SiteConfig = Pick<Env, "APP_URL" | "CONTACT_WHATSAPP" | "DPO_NAME" | "DPO_EMAIL" | "NOTES_RETENTION_DAYS">;

function fillPlaceholders(html: string, config: SiteConfig): string {
  let filled = html.replaceAll(pagePlaceholders.contact, config.CONTACT_WHATSAPP);
  for (const [placeholder, key] of SITE_PLACEHOLDERS) {
    filled = filled.replaceAll(placeholder, escapeHtml(String(config[key])));
  }
  return filled;
}
const SPA_FALLBACK = "__spa-fallback.html";
const SERVICE_WORKER = "sw.js";

export type WebBuild = {
  root: string;
  pages: Map<string, string>;
  /** Prerendered pages that load no app bundle (web/root.tsx `staticPage`): their HTML files. */
  staticPages: Set<string>;
  files: Set<string>;
  scriptHashes: string[];
  /** The app's routes by path pattern (`/team`, `/x/:id`); null when the build has no manifest (all paths are pages). */
  routes: AppRoute[] | null;
  /** Hashes of the <style> text libraries inject at run time (sonner's). */
  styleHashes: string[];
};

type ManifestRoute = { id: string; parentId?: string; path?: string; module?: string; imports?: string[] };

/** An app route: its path as a pattern, and the scripts it and its layouts load (module and imports). */
type AppRoute = { pattern: RegExp; scripts: string[] };

/** React Router's build writes its route table to assets/manifest-<hash>.js as `window.__reactRouterManifest={…}`. */
function readRoutes(root: string, files: Iterable<string>): AppRoute[] | null {
  const file = [...files].find((name) => /^assets\/manifest-[\w-]+\.js$/.test(name));
  if (!file) return null;
  const text = readFileSync(path.join(root, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    routes: Record<string, ManifestRoute>;
  };
  const { routes } = manifest;
  const lineage = (route: ManifestRoute): ManifestRoute[] => [
    ...(route.parentId && routes[route.parentId] ? lineage(routes[route.parentId] as ManifestRoute) : []),
    route,
  ];
  return Object.values(routes)
    .map(lineage)
    .filter((chain) => !chain.some((route) => route.path?.split("/").includes("*")))
    .map((chain) => {
      const pattern = chain
        .flatMap((route) => (route.path ? route.path.split("/") : []))
        .filter(Boolean)
        .map((segment) => (segment.startsWith(":") ? "[^/]+" : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
        .join("/");
      const scripts = chain.flatMap((route) => (route.module ? [route.module, ...(route.imports ?? [])] : []));
      return { pattern: new RegExp(`^/${pattern}$`), scripts: [...new Set(scripts)] };
    });
}

/**
 * The SPA page for one app route, with a preload for each script of the route
 * and its layouts that the page does not already list: the browser fetches
 * them with the app's own scripts (after the first paint,
 * `scriptsAfterFirstPaint`) instead of after running them, a round trip less
 * on a slow connection (docs/decisions/021).
 */
function withRouteScripts(html: string, route: AppRoute): string {
  const links = route.scripts
    .filter((script) => !html.includes(`"${script}"`))
    .map((script) => `<link rel="${PRELOAD_AFTER_PAINT}" href="${escapeHtml(script)}"/>`)
    .join("");
  return links ? html.replace("</head>", `${links}</head>`) : html;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

const nonces = new WeakMap<ServerResponse, string>();

/** The `style-src` source for this reply's nonce (helmet calls it per response; non-HTML replies have none). */
function replyNonce(_request: IncomingMessage, response: ServerResponse): string {
  const nonce = nonces.get(response);
  return nonce ? `'nonce-${nonce}'` : "'self'";
}

/**
 * sonner appends a <style> with its fixed stylesheet when it loads (it has no
 * nonce option): its hash, read from the installed package, and the hash of
 * '' because it appends the element empty and fills it a moment later.
 */
function injectedStyleHashes(): string[] {
  const source = readFileSync(createRequire(import.meta.url).resolve("sonner"), "utf8");
  const literal = source.match(/__insertCSS\(("(?:[^"\\]|\\.)*")\)/)?.[1];
  return literal ? [sha256(""), sha256(JSON.parse(literal) as string)] : [];
}

/** An app script the page loads after its first paint (`scriptsAfterFirstPaint`): inert until then. */
const PRELOAD_AFTER_PAINT = "sereno-modulepreload";

/**
 * The app's scripts load after the page's first paint (docs/decisions/021):
 * React's modulepreloads become inert links, and React Router's inline
 * module (static imports of the manifest and the route modules, then the
 * entry) becomes one that waits for the first frame, turns those links into
 * modulepreloads and imports the same modules. Before, 190 KB of scripts
 * started with the stylesheet and shared the connection with it, so a phone
 * on a slow network saw the page later (Lighthouse counted them against the
 * first paint). The page reads before it answers; the scripts start a frame
 * later. Applied when the build loads; a page without these parts is left alone.
 */
function scriptsAfterFirstPaint(html: string): string {
  return html
    .replace(/<link rel="modulepreload" href="([^"]+)"\/>/g, `<link rel="${PRELOAD_AFTER_PAINT}" href="$1"/>`)
    .replace(
      /(<script type="module"[^>]*>)([\s\S]*?)(<\/script>)/,
      (_whole, open: string, body: string, close: string) => {
        const imports: [binding: string, url: string][] = [];
        const rest = body.replace(
          /import (?:\* as (\w+) from )?("[^"]+");/g,
          (_statement, binding = "", url: string) => {
            imports.push([binding, url]);
            return "";
          },
        );
        if (imports.length === 0) return `${open}${body}${close}`;
        const loader = [
          "await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));",
          `for (const link of document.querySelectorAll('link[rel="${PRELOAD_AFTER_PAINT}"]')) {`,
          'const preload = document.createElement("link"); preload.rel = "modulepreload"; preload.href = link.href; document.head.append(preload);',
          "}",
          `const [${imports.map(([binding]) => binding).join(", ")}] = await Promise.all([${imports.map(([, url]) => `import(${url})`).join(", ")}]);`,
        ].join("\n");
        return `${open}${loader}${rest}${close}`;
      },
    );
}

function listFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join("/")];
  });
}

export function loadWebBuild(root: string, config: SiteConfig): WebBuild | null {
  if (!existsSync(path.join(root, SPA_FALLBACK))) return null;
  const pages = new Map<string, string>();
  const staticPages = new Set<string>();
  const files = new Set<string>();
  const hashes = new Set<string>();
  for (const file of listFiles(root)) {
    if (!file.endsWith(".html")) {
      files.add(file);
      continue;
    }
    const html = scriptsAfterFirstPaint(fillPlaceholders(readFileSync(path.join(root, file), "utf8"), config));
    pages.set(file, html);
    if (html.includes('<meta name="sereno-page" content="static"/>')) staticPages.add(file);
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (match[1]) hashes.add(sha256(match[1]));
    }
  }
  return {
    root,
    pages,
    staticPages,
    files,
    scriptHashes: [...hashes],
    styleHashes: injectedStyleHashes(),
    routes: readRoutes(root, files),
  };
}

export function contentSecurityPolicy(options: {
  scriptHashes: string[];
  styleHashes: string[];
  mediaOrigins: string[];
  https: boolean;
}) {
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...options.scriptHashes],
    // No 'unsafe-inline': style attributes in HTML are refused; React sets style props through the CSSOM.
    "style-src": ["'self'", ...options.styleHashes, replyNonce],
    "img-src": ["'self'", "data:", "blob:", ...options.mediaOrigins],
    "media-src": ["'self'", "blob:", ...options.mediaOrigins],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "frame-src": ["'self'", ...options.mediaOrigins],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'self'"],
    "upgrade-insecure-requests": options.https ? [] : null,
  };
}

/**
 * `/sobre` → `sobre/index.html` when it was prerendered, else the SPA fallback
 * with the scripts of the route it will show; not found when neither a
 * prerendered page nor a route of the app has that path.
 */
function pageFor(build: WebBuild, urlPath: string): { html: string; isFound: boolean; isStatic: boolean } {
  const clean = decodeURIComponent(urlPath).replace(/\/+$/, "").replace(/^\/+/, "");
  const file = clean ? `${clean}/index.html` : "index.html";
  const prerendered = build.pages.get(file);
  if (prerendered) return { html: prerendered, isFound: true, isStatic: build.staticPages.has(file) };
  return { ...appPage(build, urlPath), isStatic: false };
}

const appPages = new WeakMap<AppRoute, string>();

/** The SPA fallback for a path, with its route's scripts when the app has that route. */
function appPage(build: WebBuild, urlPath: string): { html: string; isFound: boolean } {
  const fallback = build.pages.get(SPA_FALLBACK) as string;
  if (!build.routes) return { html: fallback, isFound: true };
  const clean = `/${decodeURIComponent(urlPath).replace(/\/+$/, "").replace(/^\/+/, "")}`;
  const route = build.routes.find((candidate) => candidate.pattern.test(clean));
  if (!route) return { html: fallback, isFound: false };
  let html = appPages.get(route);
  if (html === undefined) {
    html = withRouteScripts(fallback, route);
    appPages.set(route, html);
  }
  return { html, isFound: true };
}

/**
 * The first frame of a signed-in app page (web/first-frame.tsx), or null. Its
 * renderer (React's server renderer and the shell's components) loads with
 * the first such page, not at start. A failure only costs the frame: the page
 * goes out as before, with the app's spinner.
 */
async function firstFrame(request: FastifyRequest, me: Me, urlPath: string, reads: FrameReads): Promise<string | null> {
  try {
    const { renderFirstFrame } = await import("#web/first-frame.tsx");
    return await renderFirstFrame(me, decodeURIComponent(urlPath), reads);
  } catch (error) {
    request.log.error({ err: error }, "first frame of a signed-in page failed");
    return null;
  }
}

/** A page is compressed per reply (its nonce differs each time), quickly rather than smallest. */
const compressHtml = {
  br: (html: string) => brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (html: string) => gzipSync(html, { level: 6 }),
};

function htmlEncoding(accept: string | undefined): keyof typeof compressHtml | null {
  if (!accept) return null;
  if (/\bbr\b/.test(accept)) return "br";
  return /\bgzip\b/.test(accept) ? "gzip" : null;
}

/**
 * Every GET that no API route answers lands here: a file of the build (hashed
 * assets cached for a year), else the page for that path. HTML always comes
 * from memory, where the contact number was substituted.
 */
export async function staticSite(
  app: FastifyInstance,
  opts: {
    build: WebBuild | null;
    /** Who holds the request's live session; null when nobody does or that cannot be told (a database outage). */
    signedIn: (request: FastifyRequest) => Promise<Me | null>;
    /** What a signed-in page's first frame may read beyond the session (web/first-frame.tsx). */
    frameReads: (request: FastifyRequest, me: Me) => FrameReads;
  },
) {
  const { build, signedIn, frameReads } = opts;
  // The build's .br and .gz copies (scripts/build.mjs) go to clients that accept them.
  if (build) await app.register(fastifyStatic, { root: build.root, serve: false, preCompressed: true });
  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split("?")[0] ?? "/";
    if (
      urlPath.startsWith("/api/") ||
      urlPath.startsWith("/media/") ||
      !build ||
      (request.method !== "GET" && request.method !== "HEAD")
    ) {
      throw new AppError("NOT_FOUND", serverMessages.notFound);
    }
    const file = decodeURIComponent(urlPath).replace(/^\/+/, "");
    if (build.files.has(file)) {
      // The service worker is checked on every visit, so a new build reaches installed apps (docs/decisions/027).
      if (file === SERVICE_WORKER)
        return reply.header("cache-control", "no-cache").sendFile(file, { cacheControl: false });
      const immutable = file.startsWith("assets/");
      return reply.sendFile(file, { maxAge: immutable ? "365d" : "1h", immutable });
    }
    // A missing file is a 404, not the home page with a 200 (robots.txt, an old asset, a typo).
    if (file.startsWith("assets/") || /\.[\w]+$/.test(file)) throw new AppError("NOT_FOUND", serverMessages.notFound);
    let page = pageFor(build, urlPath);
    // Only into a page the browser is opening goes a first frame: never into what a script fetches, such as
    // the service worker's copy of the app shell, which must hold nobody's name (docs/decisions/027).
    const isOpening = request.headers["sec-fetch-mode"] === "navigate";
    const me = page.isFound && (page.isStatic || isOpening) ? await signedIn(request) : null;
    // The plain public pages are for visitors: someone signed in is sent on from the landing
    // (as the app did after loading) and gets the app's page, with its signed-in header, elsewhere.
    if (page.isStatic && me) {
      if (urlPath === "/") return reply.header("cache-control", "no-store").redirect("/dashboard", 302);
      page = { html: appPage(build, urlPath).html, isFound: true, isStatic: false };
    }
    const frame =
      me && isOpening && !page.isStatic && page.isFound
        ? await firstFrame(request, me, urlPath, frameReads(request, me))
        : null;
    const nonce = randomBytes(16).toString("base64");
    nonces.set(reply.raw, nonce);
    let html = page.html.replaceAll(pagePlaceholders.cspNonce, nonce);
    if (frame) html = html.replace("<body>", `<body>${frame}`);
    const encoding = htmlEncoding(request.headers["accept-encoding"]);
    reply
      .status(page.isFound ? 200 : 404)
      .type("text/html; charset=utf-8")
      // A first frame carries the person's name: for their browser only.
      .header("cache-control", frame ? "private, no-cache" : "no-cache")
      .header("vary", "accept-encoding, cookie, sec-fetch-mode");
    if (!encoding) return reply.send(html);
    return reply.header("content-encoding", encoding).send(compressHtml[encoding](html));
  });
}
