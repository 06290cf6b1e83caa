import { formatNumber } from "#core/format.ts";
import type { RosterPreview } from "#core/schemas/roster.ts";
import { Alert } from "#web/components/ui/alert.tsx";

/**
 * Issue 45, item 3: the preview says at once, at its top and in the error colour, that the file's
 * people pass the plan's seats, with the numbers, instead of the refusal coming only on apply. A full
 * file that fits once its leavers go says so, since that mode is still open.
 */
export function PlanSeatsAlert({ plan }: { plan: RosterPreview["plan"] }) {
  const over = (after: number) => after > plan.limit && after > plan.used;
  if (!over(plan.afterChanges) && !over(plan.afterFull)) return null;
  const joining = plan.afterChanges - plan.used;
  return (
    <Alert tone="error" title={<span className="text-danger">Este arquivo passa das vagas do plano {plan.label}</span>}>
      O plano tem {formatNumber(plan.limit)} {plan.limit === 1 ? "vaga" : "vagas"} e {formatNumber(plan.used)}{" "}
      {plan.used === 1 ? "está em uso" : "estão em uso"}; o arquivo traz {formatNumber(joining)}{" "}
      {joining === 1 ? "pessoa nova" : "pessoas novas"}, e a empresa ficaria com {formatNumber(plan.afterChanges)}.{" "}
      {over(plan.afterFull)
        ? "Diminua o arquivo ou fale com a gente sobre um plano maior."
        : `Como arquivo completo, quem não está nele sai e ficariam ${formatNumber(plan.afterFull)}: cabe no plano.`}
    </Alert>
  );
}
