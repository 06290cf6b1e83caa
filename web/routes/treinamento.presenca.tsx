/**
 * /treinamento/presenca?codigo=…: where the QR code shown at a harassment training leads (docs/decisions/090).
 * The signed-in person confirms and their attendance is recorded by their matrícula, on the training's day.
 */
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { useSearchParams } from "react-router";
import { PageIntro } from "#web/components/page-intro.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { api } from "#web/lib/api.ts";

export function meta() {
  return [{ title: "Presença no treinamento | Sereno" }];
}

export default function TrainingAttendancePage() {
  const [params] = useSearchParams();
  const code = params.get("codigo") ?? "";
  const mark = useMutation({
    mutationFn: () => api<{ message: string }>("/api/compliance/attendance", { method: "POST", body: { code } }),
  });
  return (
    <div className="mx-auto max-w-lg space-y-6">
      <PageIntro>
        Confirme sua presença no treinamento de hoje. Ela fica na lista de presença pela sua matrícula.
      </PageIntro>
      <Card className="space-y-4">
        {mark.isSuccess ? (
          <p className="flex items-center gap-2 font-medium">
            <CheckCircle2 aria-hidden className="size-5 text-success" /> {mark.data.message}
          </p>
        ) : (
          <>
            {mark.error ? <Alert tone="error">{mark.error.message}</Alert> : null}
            <Button onClick={() => mark.mutate()} disabled={mark.isPending || !code}>
              Confirmar minha presença
            </Button>
          </>
        )}
      </Card>
    </div>
  );
}
