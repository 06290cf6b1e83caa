/**
 * Who may call a route, declared on the route (docs/decisions/068):
 *
 *     app.get("/api/team", { config: { access: companyManager }, schema }, async (request) => {
 *       const { viewer, company } = callerOf(request, companyManager);
 *
 * `registerAccess` refuses at startup a route that declares nothing, and runs
 * the declared rule before the handler: after the request is validated (a bad
 * body is a 400 before anything else, as it always was) in a preHandler, or,
 * for a rule with `stage: "onRequest"` (SCIM's token), before the body is even
 * parsed. The handler reads what the rule found with `callerOf`, typed by the
 * rule it names; naming a rule the route did not declare is a programming
 * error, refused loudly. A feature with its own kind of caller (a Canal de
 * escuta handler, an HR API key, a care member) defines it with `defineAccess`
 * beside its routes; the permission matrix reads every route's `name`.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Role } from "#core/roles.ts";
import { serverMessages } from "#core/server-messages.ts";
import {
  managedCompanyId,
  type RememberedCaller,
  requireCompanyManager,
  requireRole,
  requireUser,
  requireWellbeingConsent,
  resolveRemembered,
  runRemembered,
  type Viewer,
} from "./viewer.ts";

/** The kinds the permission matrix knows (server/permission-matrix.test.ts): each rule is one of them. */
export type AccessName =
  | "public"
  | "signedIn"
  | "consented"
  | "roles"
  | "admin"
  | "psychologist"
  | "companyManager"
  | "handler"
  | "hrKey"
  | "scim"
  | "resultadosKey";

export type Access<C> = {
  readonly name: AccessName;
  /** preHandler (default): after validation. onRequest: before the body is read (SCIM). */
  readonly stage: "preHandler" | "onRequest";
  readonly resolve: (request: FastifyRequest) => Promise<C> | C;
};

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call the route; required (docs/decisions/068). */
    access?: Access<unknown>;
  }
  interface FastifyRequest {
    /** What the route's access rule found; read it with callerOf. */
    caller?: unknown;
  }
}

export function defineAccess<C>(
  name: AccessName,
  resolve: (request: FastifyRequest) => Promise<C> | C,
  stage: Access<C>["stage"] = "preHandler",
): Access<C> {
  return { name, stage, resolve };
}

/** What the route's rule found, typed by that rule; `access` must be the one the route declared. */
export function callerOf<C>(request: FastifyRequest, access: Access<C>): C {
  if (request.routeOptions.config.access !== access) {
    throw new Error(`${request.method} ${request.routeOptions.url}: callerOf names a rule the route does not declare`);
  }
  return request.caller as C;
}

/** Anyone, signed in or not: the route's own token, signature or code is what it checks. */
export const publicAccess = defineAccess("public", () => undefined);
/** Anyone signed in. */
export const signedIn = defineAccess("signedIn", (request) => requireUser(request));
/** Anyone signed in, without touching the session row (an anonymous Canal de escuta case, docs/decisions/063). */
export const signedInUntouched = defineAccess("signedIn", (request) => requireUser(request, { touchSession: false }));
/** Anyone signed in who holds the current wellbeing consent (docs/decisions/015). */
export const consented = defineAccess("consented", async (request) => {
  const viewer = await requireUser(request);
  requireWellbeingConsent(viewer);
  return viewer;
});
/** The platform's admins. */
export const admin = defineAccess("admin", (request) => requireRole(request, "admin"));
/** Psychologists (a platform role without a company, docs/decisions/025). */
export const psychologist = defineAccess("psychologist", (request) => requireRole(request, "psychologist"));

/** Anyone signed in whose role is one of `allowed`; define it once per file, as a constant. */
export function roles(...allowed: Role[]): Access<Viewer> {
  return defineAccess("roles", (request) => requireRole(request, ...allowed));
}

/**
 * A company's manager, or an admin naming the company (decision 036's rule):
 * the company is the `companyId` of the body when the route's body schema has
 * one, else of the query.
 */
export const companyManager = defineAccess("companyManager", (request) =>
  requireCompanyManager(request, requestedCompanyId(request)),
);

function requestedCompanyId(request: FastifyRequest): string | undefined {
  const bodySchema = request.routeOptions.schema?.body as { shape?: Record<string, unknown> } | undefined;
  const source = bodySchema?.shape?.companyId ? request.body : request.query;
  return (source as { companyId?: string } | undefined)?.companyId;
}

/*
 * The hot routes (the check-in, the member's month, the managers' reads) may
 * reuse the caller an earlier request of this session read (docs/decisions/021):
 * their rule is a `rememberedAccess`, and their handler runs its one statement
 * through `asCaller`, which hands it the remembered caller to recheck inside
 * itself (recheckSql in viewer.ts).
 */
type Rule<A> = (viewer: Viewer, request: FastifyRequest) => A;
export type RememberedAccess<A> = Access<{ viewer: Viewer; allowed: A }> & {
  rule: Rule<A>;
  unauthenticated: string;
};

function rememberedAccess<A>(
  name: AccessName,
  rule: Rule<A>,
  unauthenticated: string = serverMessages.unauthenticated,
): RememberedAccess<A> {
  return {
    ...defineAccess(name, (request) => resolveRemembered(request, rule, unauthenticated)),
    rule,
    unauthenticated,
  };
}

/** The member's month: anyone signed in. */
export const signedInRemembered = rememberedAccess("signedIn", () => undefined);
/** The day's check-in: anyone signed in under the current consent; without a session, the check-in's own 401. */
export const consentedRemembered = rememberedAccess(
  "consented",
  requireWellbeingConsent,
  serverMessages.checkInLoginRequired,
);
/** A company's figures: the id of the company the caller manages (its row and the read's audit entry are the statement's). */
export const companyManagerRemembered = rememberedAccess("companyManager", (viewer, request) =>
  managedCompanyId(viewer, requestedCompanyId(request)),
);

/**
 * Runs the hot route's statement as its caller. `run` gets `recheck` when the
 * caller is a remembered one: the statement must embed recheckSql(recheck)
 * and answer `undefined` when it does not hold; the caller is then read from
 * the database, the rule applied again (only then is a refusal final) and
 * `run` runs once more with `recheck` null.
 */
export function asCaller<A, T>(
  request: FastifyRequest,
  access: RememberedAccess<A>,
  run: (viewer: Viewer, allowed: A, recheck: RememberedCaller | null) => Promise<T | undefined>,
): Promise<T> {
  return runRemembered(request, callerOf(request, access), access.rule, access.unauthenticated, run);
}

const declarations = new WeakMap<FastifyInstance, Map<string, AccessName>>();

/** Each route's declared kind of caller, by "METHOD /url/:param" (the permission matrix reads them). */
export function declaredAccess(app: FastifyInstance): ReadonlyMap<string, AccessName> {
  return declarations.get(app) ?? new Map();
}

/**
 * Fails the startup on a route without `config.access`, and runs each route's
 * rule before its handler. `publicFiles` is the one prefix whose routes a
 * library makes (@fastify/static's /media/, which takes no route config): public.
 */
export function registerAccess(app: FastifyInstance, { publicFiles }: { publicFiles: string }): void {
  const declared = new Map<string, AccessName>();
  declarations.set(app, declared);
  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) {
      if (route.url.startsWith(publicFiles)) return;
      throw new Error(
        `${methods.join(",")} ${route.url} declares no access: add config: { access } (docs/decisions/068)`,
      );
    }
    for (const method of methods) declared.set(`${method} ${route.url}`, access.name);
    if (access.name === "public") return;
    const hook = async (request: FastifyRequest) => {
      request.caller = await access.resolve(request);
    };
    const existing = route[access.stage];
    const others = existing ? (Array.isArray(existing) ? existing : [existing]) : [];
    // Ours first: no other hook of the route runs for a caller it would refuse.
    route[access.stage] = [hook, ...others] as never;
  });
}
