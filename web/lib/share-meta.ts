/**
 * Open Graph and Twitter tags for the public pages, so a shared link shows a
 * title, a summary and the Sereno card. Crawlers need absolute URLs: the
 * build writes a placeholder that the server replaces with APP_URL
 * (server/static-site.ts), like the contact number (docs/decisions/005).
 */
import { pagePlaceholders } from "#core/page-placeholders.ts";

/** 1200×630, shipped in public/images. */
const SHARE_IMAGE_PATH = "/images/og-sereno.png";

function appOrigin(): string {
  return typeof document === "undefined" ? pagePlaceholders.appUrl : window.location.origin;
}

export function shareMeta(page: { title: string; description: string; path: string }) {
  const origin = appOrigin();
  const image = `${origin}${SHARE_IMAGE_PATH}`;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Sereno" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: `${origin}${page.path}` },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: "Sereno: bem-estar mental no trabalho" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
  ];
}
