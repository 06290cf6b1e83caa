import { BellOff, CheckCircle2 } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { messages } from "#core/messages.ts";
import { type UnsubscribeList, unsubscribeQuerySchema } from "#core/schemas/notifications.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { Logo } from "#web/components/logo.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button, buttonClass } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { ApiError, api } from "#web/lib/api.ts";

export function meta() {
  return [{ title: "Descadastrar | Sereno" }, { name: "robots", content: "noindex" }];
}

const listCopy: Record<UnsubscribeList, { title: string; what: string; button: string; done: string }> = {
  lembretes: {
    title: "Parar os lembretes de check-in?",
    what: "Você não vai mais receber o e-mail que lembra do check-in do dia. Seus check-ins e o resto da sua conta continuam como estão.",
    button: "Parar lembretes",
    done: "Pronto: você não vai mais receber lembretes de check-in.",
  },
  resumo: {
    title: "Parar o resumo semanal?",
    what: "Você não vai mais receber o resumo semanal da equipe por e-mail. Os relatórios continuam no Sereno.",
    button: "Parar o resumo",
    done: "Pronto: você não vai mais receber o resumo semanal.",
  },
};

/**
 * Target of the unsubscribe link of reminders and digests (docs/decisions/019).
 * No sign-in: the link's token is the proof. Opening it changes nothing (mail
 * scanners open links): the person presses the button.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const link = unsubscribeQuerySchema.safeParse(Object.fromEntries(params));
  const [error, setError] = useState<string | null>(link.success ? null : settingsMessages.unsubscribeInvalid);
  const [isDone, setIsDone] = useState(false);
  const [isPending, setIsPending] = useState(false);
  const copy = listCopy[link.success ? link.data.lista : "lembretes"];

  async function onConfirm() {
    setError(null);
    setIsPending(true);
    try {
      await api(`/api/unsubscribe?${params.toString()}`, { method: "POST" });
      setIsDone(true);
    } catch (caught) {
      setError(caught instanceof ApiError && caught.status < 500 ? caught.message : messages.internalError);
    } finally {
      setIsPending(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center p-6">
      <Card className="w-full max-w-md space-y-6 p-6 sm:p-8">
        <Logo />
        {isDone ? (
          <div role="status" className="space-y-2">
            <h1 className="flex items-center gap-2 text-xl font-semibold">
              <CheckCircle2 aria-hidden className="size-6 text-success" strokeWidth={1.75} />
              {copy.done}
            </h1>
            <p className="text-sm text-muted">Se mudar de ideia, é só ligar de novo em Configurações › Notificações.</p>
          </div>
        ) : (
          <div className="space-y-2">
            <h1 className="text-xl font-semibold">{copy.title}</h1>
            <p className="text-sm text-muted">{copy.what}</p>
          </div>
        )}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Link to={isDone ? "/settings#notificacoes" : "/"} className={buttonClass("secondary")}>
            {isDone ? "Abrir configurações" : "Voltar ao Sereno"}
          </Link>
          {link.success && !isDone ? (
            <Button onClick={onConfirm} disabled={isPending}>
              <BellOff aria-hidden className="size-4" /> {isPending ? "Salvando..." : copy.button}
            </Button>
          ) : null}
        </div>
      </Card>
    </main>
  );
}
