import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { messages } from "#core/messages.ts";
import { privacyMessages } from "#core/privacy-messages.ts";
import type { DeleteAccountResult } from "#core/schemas/privacy-rights.ts";
import { Logo } from "#web/components/logo.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ApiError, api } from "#web/lib/api.ts";
import { useLeaveSignedIn } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Excluir conta | Sereno" }];
}

/**
 * Target of the deletion e-mail for accounts without a password. Opening the
 * link deletes nothing (mail scanners open links): the person presses the button.
 */
export default function DeleteAccountPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const leave = useLeaveSignedIn();
  const [error, setError] = useState<string | null>(token ? null : privacyMessages.accountDeleteLinkInvalid);
  const [isPending, setIsPending] = useState(false);

  async function onConfirm() {
    setError(null);
    setIsPending(true);
    try {
      await api<DeleteAccountResult>("/api/me/delete/confirm", { body: { token } });
      leave("/login?conta=excluida");
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : messages.internalError);
      setIsPending(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <Card className="w-full max-w-md space-y-6 p-6 sm:p-8">
        <Logo />
        <div className="space-y-2">
          <h1 className="text-xl font-semibold">Excluir sua conta</h1>
          <p className="text-sm text-muted">
            Ao confirmar, apagamos seu perfil, seus check-ins e anotações, seus exercícios e suas sessões. Os números da
            sua empresa já publicados continuam, porque são anônimos. Isso não pode ser desfeito.
          </p>
        </div>
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to="/dashboard" className={buttonClass("secondary")}>
            Manter minha conta
          </Link>
          {token ? (
            <Button variant="danger" onClick={onConfirm} disabled={isPending}>
              <Trash2 aria-hidden className="size-4" /> {isPending ? "Excluindo..." : "Confirmar exclusão"}
            </Button>
          ) : null}
        </div>
      </Card>
    </main>
  );
}
