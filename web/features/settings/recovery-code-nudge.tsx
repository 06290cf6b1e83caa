import { KeyRound } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";
import { useRecoveryCodeStatus } from "./recovery-code.queries.ts";

/**
 * The member's dashboard card for a person who signs in only with a passkey and has no recovery code yet
 * (docs/decisions/055): those who activated before codes existed were never given one. The dashboard renders it
 * only for an internal address (#core/internal-address.ts), so nobody else asks for the status. A nudge, not a
 * panel: while loading, on an error, or once a code exists, nothing.
 */
export function RecoveryCodeNudge() {
  const status = useRecoveryCodeStatus();
  if (!status.data || status.data.createdAt) return null;
  return (
    <Card
      role="region"
      aria-labelledby="proteja-seu-acesso-titulo"
      className="flex flex-col gap-3 border-primary/40 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <KeyRound aria-hidden className="mt-1 size-6 shrink-0 text-primary" strokeWidth={1.75} />
        <div className="space-y-1">
          <CardTitle id="proteja-seu-acesso-titulo">Proteja seu acesso</CardTitle>
          <CardDescription>
            Você entra no Sereno só com a sua chave de acesso. Crie um código de recuperação para voltar à sua conta se
            perder ou trocar de celular. Só você vê o código.
          </CardDescription>
        </div>
      </div>
      {/* Secondary: the check-in stays the screen's main action; the card only reminds. */}
      <Link className={cn(buttonClass("secondary"), "shrink-0")} to="/settings#chaves-de-acesso">
        Criar código de recuperação
      </Link>
    </Card>
  );
}
