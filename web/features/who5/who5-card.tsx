/**
 * The Painel's WHO-5 offer, once a quarter (docs/decisions/078): first its
 * own consent, then the questionnaire, each with 'Agora não' (two weeks).
 * Answered, the member goes to their own page (/bem-estar) to see the score.
 */
import { Sparkles } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { WHO5_CONSENT_TEXT } from "#core/who5.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardDescription, CardTitle } from "#web/components/ui/card.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useDismissWho5, useGiveWho5Consent, useWho5 } from "./who5.queries.ts";
import { Who5Form } from "./who5-form.tsx";

const failed = (caught: unknown) =>
  caught instanceof ApiError && caught.status < 500 && !caught.isNetwork
    ? caught.message
    : "Não foi possível salvar agora. Tente novamente.";

export function Who5Card() {
  const status = useWho5().data;
  const offer = status?.offer;
  const give = useGiveWho5Consent();
  const dismiss = useDismissWho5();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  if (!offer) return status?.results.length ? <Who5Link /> : null;

  async function run(action: () => Promise<{ message: string }>, quiet = false) {
    setError(null);
    try {
      const { message } = await action();
      if (!quiet) toast.success(message);
    } catch (caught) {
      setError(failed(caught));
    }
  }
  const notNow = (
    <Button variant="ghost" onClick={() => run(() => dismiss.mutateAsync())} disabled={dismiss.isPending}>
      Agora não
    </Button>
  );

  return (
    <Card aria-labelledby="who5-titulo" role="region" className="space-y-4 border-primary/40">
      <div className="flex gap-3">
        <Sparkles aria-hidden className="mt-1 size-6 shrink-0 text-primary" strokeWidth={1.75} />
        <div className="space-y-1">
          <CardTitle id="who5-titulo">Como você tem se sentido nas últimas duas semanas?</CardTitle>
          <CardDescription>
            Uma vez por trimestre, cinco perguntas curtas do Índice de Bem-Estar da OMS (WHO-5). Leva cerca de um
            minuto, e só você vê suas respostas e o seu índice.
          </CardDescription>
        </div>
      </div>
      {offer === "consent" ? (
        <>
          <p className="text-sm leading-relaxed">{WHO5_CONSENT_TEXT}</p>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => run(() => give.mutateAsync(), true)} disabled={give.isPending}>
              Aceito e quero responder
            </Button>
            {notNow}
          </div>
        </>
      ) : (
        <Who5Form
          extraAction={notNow}
          onAnswered={(_result, message) => {
            toast.success(message);
            void navigate("/bem-estar");
          }}
        />
      )}
      {error ? <Alert tone="error">{error}</Alert> : null}
    </Card>
  );
}

/** Between offers, the way to the member's own page; the score itself stays there (a Painel is often on screen). */
function Who5Link() {
  return (
    <Link
      to="/bem-estar"
      className="flex min-h-11 items-center gap-2 rounded-lg border border-border bg-surface px-4 py-3 text-sm font-medium text-primary shadow-soft hover:bg-primary-soft"
    >
      <Sparkles aria-hidden className="size-5 shrink-0" strokeWidth={1.75} />
      Meu bem-estar: veja seu Índice de Bem-Estar (WHO-5) e sua evolução
    </Link>
  );
}
