import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useViewer } from "#web/lib/session.ts";
import { useCompanies } from "./teams.queries.ts";

/**
 * Which company a team screen shows. A manager: their own (null: the server
 * knows it). An admin: the one in `?empresa=`, defaulting to the first.
 */
export function useCompanyChoice() {
  const me = useViewer();
  const isAdmin = me.role === "admin";
  const companies = useCompanies(isAdmin);
  const [params, setParams] = useSearchParams();
  const chosen = params.get("empresa");
  const first = companies.data?.[0]?.id ?? null;

  useEffect(() => {
    if (isAdmin && !chosen && first)
      setParams((current) => ({ ...Object.fromEntries(current), empresa: first }), { replace: true });
  }, [isAdmin, chosen, first, setParams]);

  return {
    isAdmin,
    companies,
    companyId: isAdmin ? (chosen ?? first) : null,
    /** False while an admin's list of companies is still loading (or empty). */
    ready: !isAdmin || Boolean(chosen ?? first),
    choose: (id: string) =>
      setParams((current) => ({ ...Object.fromEntries(current), empresa: id }), { replace: true }),
  };
}
