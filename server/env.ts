/**
 * The environment of docs/running.md, parsed once. Edit this file when a
 * variable is added to that contract (and to .env.example and the README).
 */
import { networkInterfaces } from "node:os";
import { z } from "zod";
import { isValidTimeZone } from "#core/dates.ts";
import { UNSET_CONTACT_WHATSAPP } from "#core/page-placeholders.ts";
import { DEFAULT_PRIVACY_MIN_GROUP } from "#core/team-metrics.ts";

const optional = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    APP_URL: optional.pipe(z.url().optional()),
    DATA_DIR: z.string().default("./data"),
    DATABASE_URL: optional,
    // Connections each process keeps to DATABASE_URL; N processes on one server share it (docs/scaling-out.md).
    DATABASE_POOL_SIZE: z.coerce
      .number()
      .int()
      .min(1, "DATABASE_POOL_SIZE must be a whole number from 1 to 100")
      .max(100, "DATABASE_POOL_SIZE must be a whole number from 1 to 100")
      .default(10),
    // Behind a balancer: on SIGTERM /api/health answers 503 this long while requests are still served, so the
    // balancer takes the process out before it stops listening (docs/decisions/073).
    SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(10).default(0),
    AUTH_SECRET: optional.pipe(z.string().min(32, "AUTH_SECRET must have at least 32 characters").optional()),
    // 32 bytes in base64 or 64 hex digits: encrypts the companies' SSO client secrets at rest (docs/decisions/047).
    SSO_ENCRYPTION_KEY: optional.pipe(
      z
        .string()
        .refine(
          (value) => ssoKeyBytes(value) !== null,
          "SSO_ENCRYPTION_KEY must be 32 bytes in base64 or 64 hex digits",
        )
        .optional(),
    ),
    ADMIN_EMAIL: optional.pipe(z.email().optional()),
    ADMIN_PASSWORD: optional,
    SMTP_URL: optional,
    MAIL_FROM: z.string().default("Sereno <no-reply@localhost>"),
    GOOGLE_CLIENT_ID: optional,
    GOOGLE_CLIENT_SECRET: optional,
    S3_ENDPOINT: optional,
    S3_BUCKET: optional,
    S3_REGION: optional,
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    // Meta's WhatsApp Cloud API (docs/decisions/092): tests point it at their local server.
    WHATSAPP_API_URL: z
      .url("WHATSAPP_API_URL must be a URL")
      .default("https://graph.facebook.com")
      .transform((value) => value.replace(/\/$/, "")),
    WHATSAPP_API_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, "WHATSAPP_API_VERSION must look like v21.0")
      .default("v21.0"),
    // The Bot Framework for Microsoft Teams (docs/decisions/095): where incoming activities' signing keys are
    // published, where the bot asks for its token, and the only connector addresses it writes to. Tests point them
    // at their local stand-in (tests/msteams/fake-bot-framework.ts).
    MSTEAMS_OPENID_URL: z
      .url("MSTEAMS_OPENID_URL must be a URL")
      .default("https://login.botframework.com/v1/.well-known/openidconfiguration"),
    MSTEAMS_LOGIN_URL: z
      .url("MSTEAMS_LOGIN_URL must be a URL")
      .default("https://login.microsoftonline.com")
      .transform((value) => value.replace(/\/$/, "")),
    MSTEAMS_SERVICE_URL: z.url("MSTEAMS_SERVICE_URL must be a URL").default("https://smba.trafficmanager.net/"),
    CONTACT_WHATSAPP: z
      .string()
      .regex(/^\d{10,15}$/, "CONTACT_WHATSAPP must be digits with the country code")
      .default(UNSET_CONTACT_WHATSAPP),
    DEMO: z.enum(["0", "1", ""]).optional(),
    // 1: start on a PostgreSQL server with synchronous_commit or fsync off (docs/decisions/018).
    ALLOW_NON_DURABLE_DATABASE: z.enum(["0", "1", ""]).optional(),
    // Behind a load balancer: the balancers whose X-Forwarded-For is believed, so limits and the access log see the
    // person's address, not the balancer's (docs/scaling-out.md). Addresses or CIDRs separated by commas; Fastify
    // ignores a bare hop count (it cannot tell a balancer from a client that sends the header itself).
    TRUST_PROXY: optional.pipe(
      z
        .string()
        .regex(/^[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*$/, "TRUST_PROXY: addresses or CIDRs separated by commas")
        .refine((value) => !/^\d+$/.test(value), "TRUST_PROXY: addresses or CIDRs, not a hop count")
        .optional(),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PRIVACY_MIN_GROUP: z.coerce.number().int().min(3).default(DEFAULT_PRIVACY_MIN_GROUP),
    // The encarregado (LGPD art. 41); the placeholders make the start-up log warn.
    DPO_NAME: z.string().trim().min(1).default("Encarregado de Dados (a definir)"),
    DPO_EMAIL: z.email().default("privacidade@sereno.local"),
    NOTES_RETENTION_DAYS: z.coerce.number().int().min(1).default(730),
    TZ_DEFAULT: z
      .string()
      .refine((zone) => isValidTimeZone(zone), "TZ_DEFAULT must be an IANA time zone")
      .default("America/Sao_Paulo"),
    // Upload limits per kind, in MB (docs/decisions/010).
    UPLOAD_MAX_VIDEO_MB: z.coerce.number().positive().default(500),
    UPLOAD_MAX_AUDIO_MB: z.coerce.number().positive().default(100),
    UPLOAD_MAX_PDF_MB: z.coerce.number().positive().default(25),
    UPLOAD_MAX_IMAGE_MB: z.coerce.number().positive().default(5),
    // Prometheus's /metrics on a port of its own, off the public one (docs/decisions/065): unset, not served.
    METRICS_PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
    METRICS_HOST: z.string().default("127.0.0.1"),
    // Required to scrape when set (Authorization: Bearer …); needed when METRICS_HOST is not a loopback address.
    METRICS_TOKEN: optional.pipe(z.string().min(16, "METRICS_TOKEN must have at least 16 characters").optional()),
    // The fault drills only (tests/cluster/drills.ts, docs/decisions/099): a pause after each piece the publishing job
    // publishes, so a run lasts long enough to kill its process in the middle. Unset (0) everywhere else.
    DRILL_PUBLISH_PAUSE_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    // Canal de escuta cases per hour (docs/decisions/063).
    LISTENING_CASES_PER_PERSON_HOUR: z.coerce.number().int().positive().default(5),
    LISTENING_CASES_PER_COMPANY_HOUR: z.coerce.number().int().positive().default(30),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "AUTH_SECRET is required in production" });
    }
    if (env.NODE_ENV === "production" && !env.SSO_ENCRYPTION_KEY) {
      ctx.addIssue({
        code: "custom",
        path: ["SSO_ENCRYPTION_KEY"],
        message: "SSO_ENCRYPTION_KEY is required in production",
      });
    }
    if (env.S3_BUCKET && !env.S3_REGION && !env.S3_ENDPOINT) {
      ctx.addIssue({ code: "custom", path: ["S3_REGION"], message: "set S3_REGION or S3_ENDPOINT with S3_BUCKET" });
    }
    if (env.METRICS_PORT && !isLoopback(env.METRICS_HOST) && !env.METRICS_TOKEN) {
      ctx.addIssue({
        code: "custom",
        path: ["METRICS_TOKEN"],
        message: "set METRICS_TOKEN when METRICS_HOST is not a loopback address",
      });
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({ code: "custom", path: ["GOOGLE_CLIENT_SECRET"], message: "set both Google variables" });
    }
  });

/** 127.0.0.0/8, ::1 or localhost: only this machine reaches it. */
function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The key of SSO_ENCRYPTION_KEY: 64 hex digits or base64 of 32 bytes; null when it is neither. */
export function ssoKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  return bytes.length === 32 ? bytes : null;
}

/** True while DPO_NAME or DPO_EMAIL still hold their placeholders (main.ts warns). */
export const isDpoPlaceholder = (env: Pick<Env, "DPO_NAME" | "DPO_EMAIL">) =>
  env.DPO_EMAIL === "privacidade@sereno.local" || env.DPO_NAME === "Encarregado de Dados (a definir)";

export type Env = z.infer<typeof envSchema> & {
  APP_URL: string;
  /** Origins a browser may send state-changing requests and sign-ins from (origin check, better-auth). */
  TRUSTED_ORIGINS: string[];
};

const ANY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * Without APP_URL the server is reached at whatever address the person typed:
 * localhost, 127.0.0.1, or the machine's LAN address when it listens on every
 * interface. All of them are this server, so all of them are trusted.
 */
export function localOrigins(host: string, port: number): string[] {
  const hosts = new Set(["localhost", "127.0.0.1", "[::1]"]);
  if (ANY_INTERFACE.has(host)) {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) {
        if (address.family === "IPv4") hosts.add(address.address);
        else if (!address.address.startsWith("fe80")) hosts.add(`[${address.address}]`);
      }
    }
  } else {
    hosts.add(host.includes(":") && !host.startsWith("[") ? `[${host}]` : host);
  }
  return [...hosts].map((name) => `http://${name}:${port}`);
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const port = env.PORT || 3000;
  if (env.APP_URL) {
    const appUrl = env.APP_URL.replace(/\/$/, "");
    return { ...env, APP_URL: appUrl, TRUSTED_ORIGINS: [new URL(appUrl).origin] };
  }
  return { ...env, APP_URL: `http://localhost:${port}`, TRUSTED_ORIGINS: localOrigins(env.HOST, port) };
}
