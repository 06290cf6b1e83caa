/**
 * Serves the web build (web-build.ts loads it) from the same origin as the API: prerendered public
 * pages as real HTML, the SPA fallback for app routes, hashed assets with a
 * long cache. Also gives the Content-Security-Policy: each inline script React Router emits is allowed by its
 * SHA-256 hash, so script-src needs no 'unsafe-inline'; nor does style-src: the one <style>
 * a library injects with fixed text (sonner's) is allowed by its hash, the
 * ones the dialogs' scroll lock writes at run time by the page's nonce, fresh
 * in each HTML reply (docs/decisions/018). Unknown paths get a 404: a missing file (a name
 * with an extension, or anything under /assets/) a short one, an unknown app
 * path the app's 'Página não encontrada' page with that status; the known
 * paths are read from the route manifest of the build. Edit when the build
 * layout changes.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { brotliCompressSync, gzipSync, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { pagePlaceholders } from "#core/page-placeholders.ts";
import type { Me } from "#core/schemas/me.ts";
import { serverMessages } from "#core/server-messages.ts";
import { AppError } from "#server/errors.ts";
import { escapeHtml } from "#server/html.ts";
import type { FrameReads } from "#web/first-frame.tsx";
import { type AppRoute, PRELOAD_AFTER_PAINT, SPA_FALLBACK, type WebBuild } from "./web-build.ts";

const SERVICE_WORKER = "sw.js";

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

const nonces = new WeakMap<ServerResponse, string>();

/** The `style-src` source for this reply's nonce (helmet calls it per response; non-HTML replies have none). */
function replyNonce(_request: IncomingMessage, response: ServerResponse): string {
  const nonce = nonces.get(response);
  return nonce ? `'nonce-${nonce}'` : "'self'";
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
