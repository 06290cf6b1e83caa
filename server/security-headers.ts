/**
 * The headers every response carries: its request id, no-store on /api/, and the security headers
 * (docs/decisions/018): the full set (helmet, with the CSP of static-site.ts) only where a browser renders what
 * we send, nosniff and HSTS elsewhere. Edit it when a new kind of response is rendered.
 */
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { contentSecurityPolicy } from "#server/static-site.ts";
import type { Storage } from "#server/storage/storage.ts";
import type { WebBuild } from "#server/web-build.ts";

export async function registerSecurityHeaders(
  app: FastifyInstance,
  { web, storage, https }: { web: WebBuild | null; storage: Storage; https: boolean },
) {
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
    if (request.url.startsWith("/api/")) reply.header("cache-control", "no-store");
    // The full set of security headers only where a browser renders what we send: HTML and uploaded
    // media (docs/decisions/018). JSON and the build's assets get nosniff (and HSTS) only.
    const type = String(reply.getHeader("content-type") ?? "");
    if (type.startsWith("text/html") || request.url.startsWith("/media/")) {
      reply.helmet();
    } else {
      reply.header("x-content-type-options", "nosniff");
      if (https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    }
  });

  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy({
        scriptHashes: web?.scriptHashes ?? [],
        styleHashes: web?.styleHashes ?? [],
        mediaOrigins: storage.mediaOrigins,
        https,
      }),
    },
    crossOriginEmbedderPolicy: false,
    // The same rule as frame-ancestors 'none', for browsers that only read this header.
    frameguard: { action: "deny" },
    strictTransportSecurity: https,
  });
}
