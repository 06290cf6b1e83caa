import { HardDrive, RotateCcw, Wrench } from "lucide-react";
import { useState } from "react";
import { adminMessages } from "#core/admin-messages.ts";
import { loadFailed, messages } from "#core/messages.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";
import { useSetupStorage, type useStorageStatus } from "./exercise-admin.queries.ts";

const inert = "aria-disabled:cursor-wait aria-disabled:opacity-60";

/** Spec 8: 'Erro ao configurar armazenamento: {detail}' (the server's message already reads so). */
function setupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.code === "STORAGE_SETUP_FAILED") return error.message;
  const detail = error instanceof ApiError && error.isNetwork ? messages.networkError : messages.internalError;
  return `${adminMessages.storageSetupFailed}: ${detail}`;
}

/**
 * The storage check that opens the screen (spec 2): checking, ready, or a
 * warning with 'Tentar novamente' and 'Configurar armazenamento'. Link
 * exercises work either way; files need the storage.
 */
export function StorageBanner({ query }: { query: ReturnType<typeof useStorageStatus> }) {
  const setup = useSetupStorage();
  const [setupError, setSetupError] = useState<string | null>(null);
  const isBusy = query.isFetching || setup.isPending;

  if (query.isPending) {
    return (
      <div className="flex min-h-14 items-center rounded-md border border-border bg-surface px-4">
        <Spinner label={adminMessages.storageChecking} className="justify-start text-sm" />
      </div>
    );
  }

  if (query.data?.configured) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted">
        <HardDrive aria-hidden className="size-4 shrink-0 text-success" strokeWidth={1.75} />
        Armazenamento pronto para receber vídeos, áudios, PDFs e miniaturas.
      </p>
    );
  }

  function recheck() {
    if (isBusy) return;
    setSetupError(null);
    void query.refetch();
  }

  async function configure() {
    if (isBusy) return;
    setSetupError(null);
    try {
      const status = await setup.mutateAsync();
      if (status.configured) toast.success(adminMessages.storageConfigured);
      else setSetupError(`${adminMessages.storageSetupFailed}: o armazenamento não respondeu à verificação`);
    } catch (error) {
      setSetupError(setupErrorMessage(error));
    }
  }

  // Buttons stay enabled-looking but inert while busy, so keyboard focus is never dropped.
  return (
    <Alert
      tone="warning"
      live={false}
      title={query.isError ? loadFailed("a configuração de armazenamento") : adminMessages.storageNotConfigured}
    >
      <div className="space-y-3">
        <p className="text-muted">
          Você já pode criar exercícios com link. Para enviar vídeos, áudios, PDFs e miniaturas, configure o
          armazenamento.
        </p>
        {query.isFetching ? <Spinner label={adminMessages.storageChecking} className="justify-start text-sm" /> : null}
        {setupError ? (
          <p role="alert" className="font-medium text-danger">
            {setupError}
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button variant="secondary" onClick={recheck} aria-disabled={isBusy || undefined} className={inert}>
            <RotateCcw aria-hidden className="size-4" /> Tentar novamente
          </Button>
          <Button onClick={() => void configure()} aria-disabled={isBusy || undefined} className={inert}>
            <Wrench aria-hidden className="size-4" />
            {setup.isPending ? "Configurando..." : "Configurar armazenamento"}
          </Button>
        </div>
      </div>
    </Alert>
  );
}
