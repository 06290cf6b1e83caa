import { MailCheck } from "lucide-react";
import { Link, useLocation } from "react-router";
import { emailConfirmationMessages } from "#core/schemas/email-confirmation.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { useConfirmEmail } from "#web/features/activation/email-confirmation.queries.ts";
import { SetupCard } from "#web/features/invites/setup-card.tsx";

export function meta() {
  return [{ title: "Confirmar e-mail | Sereno" }];
}

/** '#token=…' → the token: in the fragment, it never reaches a server's log. */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("token") || null;
}

/**
 * Target of the link mailed to a personal e-mail given at /ativar (docs/decisions/066). Opening it
 * confirms nothing (mail scanners open links and would use it up): the person presses the button.
 */
export default function ConfirmEmailPage() {
  const token = tokenFromHash(useLocation().hash);
  const confirm = useConfirmEmail();

  return (
    <SetupCard>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Confirmar seu e-mail</h1>
        <p className="text-sm text-muted">
          Depois de confirmado, este e-mail passa a ser o da sua conta: você entra com ele e sua senha, e pode recuperar
          o acesso por ele.
        </p>
      </div>
      {!token ? (
        <Alert tone="error">{emailConfirmationMessages.used}</Alert>
      ) : confirm.isSuccess ? (
        <Alert tone="success">{confirm.data.message}</Alert>
      ) : confirm.isError ? (
        <Alert tone="error">{confirm.error.message || emailConfirmationMessages.failed}</Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Link
          to={confirm.isSuccess ? "/dashboard" : "/login"}
          className={buttonClass(confirm.isSuccess ? "primary" : "secondary")}
        >
          {confirm.isSuccess ? "Ir para o Sereno" : "Entrar"}
        </Link>
        {token && !confirm.isSuccess && !confirm.isError ? (
          <Button onClick={() => confirm.mutate(token)} disabled={confirm.isPending}>
            <MailCheck aria-hidden className="size-4" strokeWidth={1.75} />
            {confirm.isPending ? "Confirmando..." : "Confirmar meu e-mail"}
          </Button>
        ) : null}
      </div>
    </SetupCard>
  );
}
