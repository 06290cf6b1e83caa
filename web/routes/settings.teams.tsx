import { CheckCircle2, MessagesSquare } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { msteamsMessages } from "#core/msteams-messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { useBindMsteams, usePendingLink } from "#web/features/settings/msteams.queries.ts";
import { ApiError } from "#web/lib/api.ts";

export function meta() {
  return [{ title: "Vincular o Teams | Sereno" }, { name: "robots", content: "noindex" }];
}

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : msteamsMessages.linkInvalid);

/**
 * Where the Teams app's link card leads (docs/decisions/095), after the usual sign-in: the person sees whose
 * Teams chat the code names and presses the button to bind it. Opening the page changes nothing.
 */
export default function MsteamsLinkPage() {
  const [params] = useSearchParams();
  const code = params.get("codigo") ?? "";
  const pending = usePendingLink(code);
  const bind = useBindMsteams();
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await bind.mutateAsync(code);
      setIsDone(true);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <div className="mx-auto max-w-lg">
      <Card className="space-y-4 p-6">
        {isDone ? (
          <>
            <CheckCircle2 aria-hidden className="size-8 text-primary" strokeWidth={1.75} />
            <h1 className="font-display text-xl">{msteamsMessages.linked}</h1>
            <p className="text-muted">
              Para receber o lembrete do check-in no Teams, ative “Microsoft Teams” nos lembretes das Configurações.
            </p>
            <Link className={buttonClass("primary")} to="/settings">
              Ir para as Configurações
            </Link>
          </>
        ) : (
          <>
            <MessagesSquare aria-hidden className="size-8 text-primary" strokeWidth={1.75} />
            <h1 className="font-display text-xl">Vincular sua conta do Teams</h1>
            {pending.isPending ? <Spinner /> : null}
            {pending.isError ? (
              <>
                <Alert tone="error">{errorText(pending.error)}</Alert>
                <Link className={buttonClass("ghost")} to="/settings">
                  Voltar às Configurações
                </Link>
              </>
            ) : null}
            {pending.data ? (
              <>
                <p>
                  {pending.data.teamsName
                    ? `O chat do Sereno no Teams de ${pending.data.teamsName} vai ficar ligado à sua conta.`
                    : "O chat do Sereno no Teams que abriu este link vai ficar ligado à sua conta."}{" "}
                  Só continue se esse Teams for seu.
                </p>
                <p className="text-sm text-muted">
                  O vínculo não entra no Sereno por você e não mostra nada a ninguém da sua empresa. Os lembretes por lá
                  só começam quando você os ativar.
                </p>
                {error ? <Alert tone="error">{error}</Alert> : null}
                <div className="flex flex-wrap gap-2">
                  <Button onClick={() => void confirm()} disabled={bind.isPending}>
                    Vincular minha conta
                  </Button>
                  <Link className={buttonClass("ghost")} to="/settings">
                    Agora não
                  </Link>
                </div>
              </>
            ) : null}
          </>
        )}
      </Card>
    </div>
  );
}
