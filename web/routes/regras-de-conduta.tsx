/**
 * /regras-de-conduta: the company's rules of conduct in force (Lei 14.457 art. 23, I; docs/decisions/090),
 * for everyone in the company; each person acknowledges a version once.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, ScrollText } from "lucide-react";
import { EmptyState } from "#web/components/empty-state.tsx";
import { PageIntro } from "#web/components/page-intro.tsx";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { api } from "#web/lib/api.ts";

type Conduct = { conduct: { id: string; version: number; text: string; acknowledged: boolean } | null };

export function meta() {
  return [{ title: "Regras de conduta | Sereno" }];
}

export default function ConductPage() {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ["conduct"], queryFn: () => api<Conduct>("/api/compliance/conduct") });
  const acknowledge = useMutation({
    mutationFn: () => api<{ message: string }>("/api/compliance/conduct/acknowledge", { method: "POST" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["conduct"] }),
  });
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <PageIntro>As regras da empresa sobre assédio e outras formas de violência no trabalho.</PageIntro>
      <QueryPanel
        query={query}
        errorMessage="Não foi possível carregar as regras."
        loading={<Skeleton className="h-64" />}
      >
        {({ conduct }) =>
          conduct ? (
            <Card className="space-y-4">
              <CardTitle>Versão {conduct.version}</CardTitle>
              <p className="whitespace-pre-line text-sm leading-relaxed">{conduct.text}</p>
              {acknowledge.error ? <Alert tone="error">{acknowledge.error.message}</Alert> : null}
              {conduct.acknowledged ? (
                <p className="flex items-center gap-2 text-sm font-medium">
                  <CheckCircle2 aria-hidden className="size-5 text-success" /> Você já deu ciência desta versão.
                </p>
              ) : (
                <Button onClick={() => acknowledge.mutate()} disabled={acknowledge.isPending}>
                  Li e estou ciente
                </Button>
              )}
            </Card>
          ) : (
            <EmptyState icon={ScrollText} title="A empresa ainda não publicou regras de conduta" />
          )
        }
      </QueryPanel>
    </div>
  );
}
