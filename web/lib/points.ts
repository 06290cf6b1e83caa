/**
 * The viewer's points (docs/decisions/028): one ledger, one query, read by
 * Conteúdos (lifetime points unlock), Recompensas (the balance buys) and
 * anything else that shows points. A check-in or an exercise refreshes it
 * with the rest of the progress; a redemption sets it from its answer.
 */
import { useQuery } from "@tanstack/react-query";
import type { PointsLedger } from "#core/schemas/rewards.ts";
import { api } from "#web/lib/api.ts";
import { progressKeys } from "#web/lib/query-keys.ts";

export function usePoints() {
  return useQuery({ queryKey: progressKeys.points, queryFn: () => api<PointsLedger>("/api/points") });
}
