/**
 * Loads the web build at start: every HTML file with its run-time settings filled in (docs/decisions/005) and
 * its scripts set to load after the first paint (docs/decisions/021), the inline scripts' and injected styles'
 * hashes the Content-Security-Policy allows (docs/decisions/018), and the app's routes from the build's route
 * manifest. static-site.ts serves what this loads. Edit when the build layout changes.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pagePlaceholders } from "#core/page-placeholders.ts";
import type { Env } from "#server/env.ts";
import { escapeHtml } from "#server/html.ts";

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
export const SPA_FALLBACK = "__spa-fallback.html";

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

export /** An app route: its path as a pattern, and the scripts it and its layouts load (module and imports). */
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

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

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

export /** An app script the page loads after its first paint (`scriptsAfterFirstPaint`): inert until then. */
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
