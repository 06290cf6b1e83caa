import { Stethoscope } from "lucide-react";
import { toast } from "sonner";
import { formatDatePtBR } from "#core/format.ts";
import type { AdminPsychologist } from "#core/schemas/care.ts";
import { EmptyState } from "#web/components/empty-state.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { useSetPsychologistStatus } from "./care.queries.ts";
import { errorText } from "./care-format.ts";

const statusBadges = {
  pending: { label: "Aguardando verificação", tone: "accent" },
  verified: { label: "Verificado(a)", tone: "success" },
  suspended: { label: "Suspenso(a)", tone: "danger" },
} as const;

export function PsychologistAdminList({ list }: { list: AdminPsychologist[] }) {
  const setStatus = useSetPsychologistStatus();
  if (list.length === 0) {
    return (
      <EmptyState icon={Stethoscope} title="Nenhum(a) psicólogo(a) ainda">
        Cadastre o(a) primeiro(a) no formulário acima.
      </EmptyState>
    );
  }
  const act = (id: string, action: "verify" | "suspend", name: string) =>
    setStatus.mutate(
      { id, action },
      {
        onSuccess: () =>
          toast.success(action === "verify" ? `${name} verificado(a) por 12 meses.` : `${name} suspenso(a).`),
        onError: (error) => toast.error(errorText(error, "Não foi possível alterar agora.")),
      },
    );
  return (
    <ul className="space-y-2">
      {list.map((row) => {
        const badge = statusBadges[row.status];
        const expiresSoon =
          row.verificationExpiresAt && Date.parse(row.verificationExpiresAt) - Date.now() < 30 * 86_400_000;
        return (
          <li
            key={row.id}
            className="flex flex-col gap-3 rounded-lg border border-border bg-surface p-4 md:flex-row md:items-center md:justify-between"
          >
            <div className="space-y-1">
              <p className="font-medium">
                {row.fullName} <Badge tone={badge.tone}>{badge.label}</Badge>{" "}
                {row.hasAccount ? null : <Badge>Convite pendente</Badge>}
              </p>
              <p className="text-sm text-muted">
                CRP {row.crpNumber} ({row.crpUf}) · e-Psi em {formatDatePtBR(`${row.epsiConfirmedOn}T12:00:00Z`)} ·{" "}
                {row.email}
              </p>
              {row.verificationExpiresAt ? (
                <p className={expiresSoon ? "text-sm text-danger" : "text-sm text-muted"}>
                  Verificação vale até {formatDatePtBR(row.verificationExpiresAt)}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => act(row.id, "verify", row.fullName)}>
                {row.status === "verified" ? "Renovar verificação" : "Verificar"}
              </Button>
              {row.status !== "suspended" ? (
                <Button size="sm" variant="ghost" onClick={() => act(row.id, "suspend", row.fullName)}>
                  Suspender
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
