import { ChevronDown, Copy, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { formatDateTimePtBR } from "#core/format.ts";
import { loadFailed, messages } from "#core/messages.ts";
import type { CreatedScimToken } from "#core/schemas/scim.ts";
import { scimMessages } from "#core/scim-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Input } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useCreateScimToken, useRevokeScimToken, useScimSettings } from "./scim.queries.ts";

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(`${what} copiado.`);
  } catch {
    toast.error("Não foi possível copiar. Selecione o texto e copie com Ctrl+C.");
  }
}

const errorText = (error: unknown) =>
  error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : messages.internalError;

/**
 * 'Provisionamento (SCIM)' on a company's card (docs/decisions/048): the base
 * URL and the one token the company's identity provider uses, shown once
 * when made, with when it was last used; a new token replaces the old one,
 * and revoking stops the provider at once. Read only when opened.
 */
export function ScimProvisioning({ companyId, companyName }: { companyId: string; companyName: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const [confirming, setConfirming] = useState<"replace" | "revoke" | null>(null);
  const settings = useScimSettings(companyId, isOpen);
  const create = useCreateScimToken(companyId);
  const revoke = useRevokeScimToken(companyId);
  const panelId = useId();
  const active = settings.data?.tokens.find((token) => token.revokedAt === null) ?? null;

  async function makeToken() {
    setConfirming(null);
    try {
      setCreated(await create.mutateAsync());
    } catch (error) {
      toast.error(errorText(error));
    }
  }

  async function revokeToken() {
    try {
      await revoke.mutateAsync();
      setCreated(null);
      toast.success(scimMessages.tokenRevoked);
    } catch (error) {
      toast.error(errorText(error));
    }
    setConfirming(null);
  }

  return (
    <section className="rounded-md border border-border" aria-label={`Provisionamento (SCIM) da ${companyName}`}>
      <Button
        variant="ghost"
        className="w-full justify-between"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        Provisionamento (SCIM)
        <ChevronDown aria-hidden className={cn("size-4 transition-transform", isOpen && "rotate-180")} />
      </Button>
      {isOpen ? (
        <div id={panelId} className="space-y-4 border-t border-border p-4 text-sm">
          <p className="text-muted">
            O Microsoft Entra ID, o Okta ou o Google Workspace podem criar, atualizar e desligar as pessoas desta
            empresa sozinhos. Cole a URL base e o token na tela de provisionamento do provedor.
          </p>
          {settings.isError ? <Alert tone="error">{loadFailed("o provisionamento SCIM")}</Alert> : null}
          {settings.data ? (
            <>
              <div className="space-y-1.5">
                <label htmlFor={`${panelId}-url`} className="font-medium">
                  URL base (Tenant URL)
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input id={`${panelId}-url`} readOnly value={settings.data.baseUrl} className="font-mono text-xs" />
                  <Button variant="secondary" onClick={() => void copy(settings.data.baseUrl, "Endereço")}>
                    <Copy aria-hidden className="size-4" /> Copiar URL
                  </Button>
                </div>
              </div>
              {created ? (
                <Alert tone="success" title="Token SCIM criado">
                  <div className="space-y-3">
                    <p>{created.message}</p>
                    <label htmlFor={`${panelId}-secret`} className="sr-only">
                      Token SCIM
                    </label>
                    <div className="flex flex-col gap-2 sm:flex-row">
                      <Input
                        id={`${panelId}-secret`}
                        readOnly
                        value={created.secret}
                        className="font-mono text-xs"
                        onFocus={(event) => event.currentTarget.select()}
                      />
                      <Button variant="secondary" onClick={() => void copy(created.secret, "Token")}>
                        <Copy aria-hidden className="size-4" /> Copiar token
                      </Button>
                    </div>
                    <Button variant="ghost" onClick={() => setCreated(null)}>
                      Já copiei
                    </Button>
                  </div>
                </Alert>
              ) : null}
              {active ? (
                <div className="space-y-1">
                  <p className="font-medium">Token ativo</p>
                  <p className="font-mono text-xs text-muted">{active.prefix}…</p>
                  <p className="text-xs text-muted">
                    Criado em {formatDateTimePtBR(active.createdAt)} por {active.createdByEmail} ·{" "}
                    {active.lastUsedAt ? `último uso em ${formatDateTimePtBR(active.lastUsedAt)}` : "nunca usado"}
                  </p>
                </div>
              ) : (
                <p className="text-muted">{scimMessages.noActiveToken}</p>
              )}
              <div className="flex flex-col gap-2 sm:flex-row">
                <Button
                  variant={active ? "secondary" : "primary"}
                  disabled={create.isPending}
                  onClick={() => (active ? setConfirming("replace") : void makeToken())}
                >
                  <RefreshCw aria-hidden className="size-4" />
                  {create.isPending ? "Gerando..." : active ? "Gerar novo token" : "Gerar token"}
                </Button>
                {active ? (
                  <Button
                    variant="ghost"
                    className="text-danger hover:bg-danger-soft"
                    onClick={() => setConfirming("revoke")}
                  >
                    Revogar token
                  </Button>
                ) : null}
              </div>
            </>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (!open && !revoke.isPending) setConfirming(null);
        }}
        title={confirming === "revoke" ? "Revogar o token SCIM?" : "Gerar um novo token SCIM?"}
        description={
          confirming === "revoke"
            ? `O provedor de identidade da ${companyName} deixa de conseguir criar, alterar e desligar pessoas na hora. As pessoas já provisionadas continuam como estão.`
            : `O token atual da ${companyName} para de funcionar na hora. Troque-o no provedor de identidade logo em seguida.`
        }
        confirmLabel={confirming === "revoke" ? (revoke.isPending ? "Revogando..." : "Revogar") : "Gerar novo token"}
        onConfirm={() => void (confirming === "revoke" ? revokeToken() : makeToken())}
        isPending={revoke.isPending || create.isPending}
      />
    </section>
  );
}
