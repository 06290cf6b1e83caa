/**
 * The HR matrícula of an actor who has no e-mail (an internal address, docs/decisions/045), so the
 * Registro de acessos and the admin's home read 'Sem e-mail · matrícula …' instead of a machine
 * address (issue 45, item 8). Null for everyone with an e-mail: their address already says who.
 */
import { sql } from "drizzle-orm";
import { INTERNAL_DOMAIN } from "#core/internal-address.ts";
import { auditLog } from "#server/db/schema/index.ts";

export const actorMatriculaSql = sql<
  string | null
>`case when lower(${auditLog.actorEmail}) like ${`%@${INTERNAL_DOMAIN}`}
  then (select rp.matricula from roster_people rp where rp.user_id = ${auditLog.actorUserId}
        order by rp.left_at desc nulls first, rp.created_at desc limit 1) end`;
