import { KeyRound } from "lucide-react";
import { useState } from "react";
import { formatDateTimePtBR } from "#core/format.ts";
import { loadFailed, messages } from "#core/messages.ts";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import type { ApiKey } from "#core/schemas/roster-api.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { ApiAdditions } from "./api-additions.tsx";
import { ApiKeyForm } from "./api-key-form.tsx";
import { useApiKeys, useRevokeApiKey } from "./roster.queries.ts";

/**
 * 'Integração com o sistema de RH' (docs/decisions/044): the company's HR API
 * keys — when each was made and by whom, when it was last used — with
 * creation (its secret shown once) and revocation after a confirmation.
 */
export function HrIntegration({ companyId }: { companyId: string | null }) {
  const keys = useApiKeys(companyId);
  const revoke = useRevokeApiKey(companyId);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(rosterApiMessages.keyRevoked);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status < 500 ? error.message : messages.internalError);
    }
    setRevoking(null);
  }

  return (
    <section aria-labelledby="integracao-rh">
      <Card className="space-y-5">
        <div className="flex items-start gap-3">
          <KeyRound aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
          <div className="space-y-1">
            <CardTitle id="integracao-rh">Integração com o sistema de RH</CardTitle>
            <CardDescription>
              Seu sistema de RH pode enviar admissões, mudanças e desligamentos direto para o Sereno, com as mesmas
              regras desta importação. Crie uma chave para ele e use-a no cabeçalho <code>Authorization: Bearer</code>.
              A descrição da API está em{" "}
              <a className="font-medium text-primary underline underline-offset-4" href="/api/openapi.json">
                /api/openapi.json
              </a>
              .
            </CardDescription>
          </div>
        </div>
        <ApiKeyForm companyId={companyId} />
        {keys.isError ? (
          <Alert tone="error">{loadFailed("as chaves da API")}</Alert>
        ) : keys.data && keys.data.items.length > 0 ? (
          <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Chaves da API">
            {keys.data.items.map((key) => (
              <li key={key.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 space-y-0.5">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {key.name}
                    {key.revokedAt ? <Badge>Revogada</Badge> : null}
                  </p>
                  <p className="font-mono text-xs text-muted">{key.prefix}…</p>
                  <p className="text-xs text-muted">
                    Criada em {formatDateTimePtBR(key.createdAt)} por {key.createdByEmail} ·{" "}
                    {key.lastUsedAt ? `último uso em ${formatDateTimePtBR(key.lastUsedAt)}` : "nunca usada"}
                    {key.revokedAt ? ` · revogada em ${formatDateTimePtBR(key.revokedAt)}` : ""}
                  </p>
                </div>
                {key.revokedAt ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setRevoking(key)}
                    aria-label={`Revogar ${key.name}`}
                  >
                    Revogar
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : keys.data ? (
          <p className="text-sm text-muted">Nenhuma chave criada ainda.</p>
        ) : null}
        <ApiAdditions companyId={companyId} />
        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(open) => {
            if (!open && !revoke.isPending) setRevoking(null);
          }}
          title={revoking ? `Revogar a chave "${revoking.name}"?` : "Revogar a chave?"}
          description="O sistema de RH que usa esta chave deixa de conseguir enviar pessoas na hora. Não dá para desfazer: para voltar, crie outra chave e troque no sistema de RH."
          confirmLabel={revoke.isPending ? "Revogando..." : "Revogar"}
          onConfirm={() => void confirmRevoke()}
          isPending={revoke.isPending}
        />
      </Card>
    </section>
  );
}
