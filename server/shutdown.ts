/**
 * Graceful shutdown: behind a balancer, first `drainMs` of still serving while /api/health answers 503
 * (the balancer's checks take the process out: docs/decisions/073); then stop accepting connections, let in-flight requests
 * finish, let the job in progress finish (the runner stops polling), send the
 * mails already handed over, then close the database.
 */
import type { FastifyInstance } from "fastify";
import type { Database } from "#server/db/client.ts";
import type { Mailer } from "#server/mail/mailer.ts";

export async function closeGracefully(
  app: FastifyInstance,
  mailer: Mailer,
  database: Database,
  jobRunner?: { stop: () => Promise<void> },
  drainMs = 0,
): Promise<void> {
  if (drainMs > 0) {
    app.deps.lifecycle.draining = true;
    await new Promise((resolve) => setTimeout(resolve, drainMs));
  }
  const closing = app.close();
  // A keep-alive connection that goes idle after close() began would hold it open until it times out.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
  try {
    await closing;
  } finally {
    clearInterval(sweep);
  }
  await jobRunner?.stop();
  await mailer.drain();
  await database.close();
}
