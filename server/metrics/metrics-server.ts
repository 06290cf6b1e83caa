/**
 * GET /metrics on a listener of its own (METRICS_PORT, on 127.0.0.1 unless
 * METRICS_HOST says otherwise; docs/decisions/065): never on the public port,
 * so no balancer rule or page can expose it, and with METRICS_TOKEN a scrape
 * must carry it as a bearer token. Nothing else is served here.
 */
import { timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyBaseLogger } from "fastify";
import type { Registry } from "prom-client";
import { loggableError } from "#server/logger.ts";

function holdsToken(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith("Bearer ") ? header.slice(7) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export async function serveMetrics(options: {
  registry: Registry;
  port: number;
  host: string;
  token?: string;
  log: FastifyBaseLogger;
}): Promise<{ port: number; close: () => Promise<void> }> {
  const { registry, token, log } = options;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Não encontrado\n");
      return;
    }
    if (token && !holdsToken(request.headers.authorization, token)) {
      response
        .writeHead(401, { "content-type": "text/plain; charset=utf-8", "www-authenticate": "Bearer" })
        .end("Token de métricas ausente ou inválido\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(text),
      (error: unknown) => {
        // The database may be down: the process's own series would still help, but a partial scrape misleads.
        log.error({ err: loggableError(error) }, "metrics scrape failed");
        response.writeHead(503, { "content-type": "text/plain; charset=utf-8" }).end("Métricas indisponíveis\n");
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
