/** A real SMTP peer (smtp-server) on 127.0.0.1 that keeps every message it receives. */
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string };

export async function startSmtpSink() {
  const received: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => {
        raw += chunk;
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  /** Waits for the next mail to `to` (or fails after the timeout). */
  async function waitFor(to: string, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.find((mail) => mail.to.includes(to));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link to APP_URL in a raw message, undoing quoted-printable soft breaks (docs/stack-notes.md pitfall 11). */
export function linkIn(raw: string, pathPrefix: string): string {
  const decoded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const escaped = pathPrefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = decoded.match(new RegExp(`https?://[^\\s"<>]*${escaped}[^\\s"<>]*`));
  if (!match) throw new Error(`no link to ${pathPrefix} in mail`);
  return match[0].replaceAll("&amp;", "&");
}
