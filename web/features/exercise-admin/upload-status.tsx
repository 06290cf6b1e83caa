import { ProgressBar } from "#web/components/ui/progress-bar.tsx";

const label = "Upload em progresso...";

/** The creation progress (spec 2 and 4): hidden at 0, the percent beside the label, and what 90 means. */
export function UploadStatus({ percent, hasFiles }: { percent: number; hasFiles: boolean }) {
  if (percent <= 0) return null;
  return (
    <div className="space-y-1.5 rounded-md bg-surface-2 p-3">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-muted" aria-hidden>
          {percent}%
        </span>
      </div>
      <ProgressBar value={percent} label={label} />
      <p className="text-xs text-muted" aria-live="polite">
        {percent >= 100
          ? "Pronto! O exercício foi salvo."
          : percent >= 90
            ? `${hasFiles ? "Arquivos enviados. " : ""}Salvando o exercício...`
            : "Enviando os arquivos. Mantenha esta página aberta."}
      </p>
    </div>
  );
}
