/**
 * Refused requests in the Registro de acessos (docs/decisions/032): a 403 for
 * want of permission (FORBIDDEN) or from a foreign origin (ORIGIN_REFUSED).
 * A missing consent or company is a state of the account the screens explain,
 * not a refusal worth a row. The entry names the route's pattern, never the
 * URL (it may carry a token), and repeats count on one row.
 */
import type { FastifyInstance } from "fastify";
import { deviceLabel } from "#core/device-label.ts";
import { AppError } from "#server/errors.ts";
import { findViewer } from "#server/features/auth/index.ts";
import { loggableError } from "#server/logger.ts";
import { NO_SESSION, recordRepeatedAccessEvent } from "./access-events.ts";

const REFUSALS = new Set(["FORBIDDEN", "ORIGIN_REFUSED"]);

export function recordRefusals(app: FastifyInstance): void {
  app.addHook("onError", async (request, _reply, error) => {
    if (!(error instanceof AppError) || !REFUSALS.has(error.code)) return;
    try {
      // Usually loaded by the route's access rule already (docs/decisions/068); the origin check refuses before any route runs.
      const viewer = await findViewer(request);
      const route = `${request.method} ${request.routeOptions.url ?? "(sem rota)"}`;
      await recordRepeatedAccessEvent(request.server.deps.db, {
        actor: viewer ? { userId: viewer.userId, email: viewer.email } : { userId: null, email: NO_SESSION },
        action: "access.denied",
        target: { type: "route", id: route },
        details: { ip: request.ip, device: deviceLabel(request.headers["user-agent"]), reason: error.code },
      });
    } catch (failure) {
      request.log.error({ err: loggableError(failure) }, "access event not recorded");
    }
  });
}
