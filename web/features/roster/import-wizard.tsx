import { useState } from "react";
import { formatDateTimePtBR, formatNumber } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { rosterMessages } from "#core/roster-messages.ts";
import type { RosterInspect, RosterPreview } from "#core/schemas/roster.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { FileStep } from "./file-step.tsx";
import { ImportProgress } from "./import-progress.tsx";
import { MappingStep } from "./mapping-step.tsx";
import { PreviewStep } from "./preview-step.tsx";
import { useApplyImport, useInspectFile, useLatestImport, usePreviewImport } from "./roster.queries.ts";

type Step =
  | { kind: "file" }
  | { kind: "mapping"; file: File; inspected: RosterInspect }
  | { kind: "preview"; file: File; preview: RosterPreview }
  | { kind: "progress" };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : "Não foi possível concluir. Tente novamente.";

/** Upload → columns → preview → mode and confirmation → apply with progress → done (issue 33). */
export function ImportWizard({ companyId, teamHref }: { companyId: string | null; teamHref: string }) {
  const [step, setStep] = useState<Step>({ kind: "file" });
  const latest = useLatestImport(companyId, true);
  const inspect = useInspectFile(companyId);
  const preview = usePreviewImport(companyId);
  const apply = useApplyImport(companyId);
  const restart = () => {
    inspect.reset();
    preview.reset();
    apply.reset();
    setStep({ kind: "file" });
  };

  return (
    <QueryPanel
      query={latest}
      errorMessage={loadFailed("as importações")}
      loading={<Skeleton className="h-48 w-full" />}
    >
      {({ import: run }) => {
        const isRunning = run?.status === "queued" || run?.status === "running";
        if (run && (isRunning || step.kind === "progress"))
          return <ImportProgress run={run} teamHref={teamHref} onAnother={restart} />;
        if (step.kind === "mapping")
          return (
            <MappingStep
              inspected={step.inspected}
              isSending={preview.isPending}
              error={preview.error ? messageOf(preview.error) : null}
              onBack={restart}
              onPreview={(mapping) =>
                preview.mutate(
                  { file: step.file, mapping },
                  { onSuccess: (result) => setStep({ kind: "preview", file: step.file, preview: result }) },
                )
              }
            />
          );
        if (step.kind === "preview")
          return (
            <PreviewStep
              preview={step.preview}
              companyId={companyId}
              isApplying={apply.isPending}
              error={apply.error ? messageOf(apply.error) : null}
              onBack={restart}
              onApply={(mode, confirmation, inviteLater) =>
                apply.mutate(
                  {
                    id: step.preview.id,
                    input: { mode, ...(confirmation ? { confirmation } : {}), ...(inviteLater ? { inviteLater } : {}) },
                  },
                  {
                    onSuccess: () => {
                      toast.success(rosterMessages.applyQueued);
                      setStep({ kind: "progress" });
                    },
                  },
                )
              }
            />
          );
        return (
          <div className="space-y-4">
            <FileStep
              isReading={inspect.isPending}
              onFile={(file) =>
                inspect.mutate(file, {
                  onSuccess: (inspected) => setStep({ kind: "mapping", file, inspected }),
                  onError: (error) => toast.error(messageOf(error)),
                })
              }
            />
            {run?.status === "done" && run.result && run.finishedAt ? (
              <p className="text-sm text-muted">
                Última importação: {formatDateTimePtBR(run.finishedAt)} · {formatNumber(run.result.created)}{" "}
                cadastradas, {formatNumber(run.result.updated)} atualizadas, {formatNumber(run.result.left)} saíram.
              </p>
            ) : null}
          </div>
        );
      }}
    </QueryPanel>
  );
}
