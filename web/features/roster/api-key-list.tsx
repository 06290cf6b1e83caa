import { useState } from "react";
import { formatDateTimePtBR } from "#core/format.ts";
import { loadFailed, messages } from "#core/messages.ts";
import { rosterApiMessages } from "#core/roster-api-messages.ts";
import type { ApiKey } from "#core/schemas/roster-api.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { HR_API_KEYS, useApiKeys, useRevokeApiKey } from "./roster.queries.ts";

/**
 * A company's keys of one kind (docs/decisions/044, 088): when each was made and by whom, when it was last
 * used, and revocation after a confirmation. The HR API's by default; the Resultados feed's with its `base`.
 */
export function ApiKeyList({
  companyId,
  base = HR_API_KEYS,
  revokeDescription = "O sistema de RH que usa esta chave deixa de conseguir enviar pessoas na hora. Não dá para desfazer: para voltar, crie outra chave e troque no sistema de RH.",
}: {
  companyId: string | null;
  base?: string;
  revokeDescription?: string;
}) {
  const keys = useApiKeys(companyId, base);
  const revoke = useRevokeApiKey(companyId, base);
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
    <>
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
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setRevoking(null);
        }}
        title={revoking ? `Revogar a chave "${revoking.name}"?` : "Revogar a chave?"}
        description={revokeDescription}
        confirmLabel={revoke.isPending ? "Revogando..." : "Revogar"}
        onConfirm={() => void confirmRevoke()}
        isPending={revoke.isPending}
      />
    </>
  );
}
