/** The people the browser tests sign in as; created by server.ts on a fresh database. */
import type { Role } from "#core/roles.ts";

export type FixturePerson = { email: string; password: string; name: string; role: Role };

const password = "sereno-e2e-senha-forte";

export const people = {
  admin: { email: "admin@sereno.test", password, name: "Ana Administradora", role: "admin" },
  manager: { email: "gestor@sereno.test", password, name: "Gustavo Gestor", role: "manager" },
  member: { email: "membro@sereno.test", password, name: "Marina Membro", role: "user" },
  /** Used only by the recovery journey (its password changes). */
  recovery: { email: "recupera@sereno.test", password, name: "Rita Recupera", role: "user" },
  /** Used only by the settings password-change journey. */
  changer: { email: "troca@sereno.test", password, name: "Tiago Troca", role: "user" },
  /** For theme and other preference journeys. */
  themer: { email: "tema@sereno.test", password, name: "Teresa Tema", role: "user" },
} satisfies Record<string, FixturePerson>;

export const FIXTURE_COMPANY = { name: "Empresa E2E", plan: "essencial" as const };
