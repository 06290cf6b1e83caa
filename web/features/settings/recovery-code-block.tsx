import { LifeBuoy } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { formatDatePtBR } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { RecoveryCodeReveal } from "#web/components/recovery-code-reveal.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ApiError } from "#web/lib/api.ts";
import { useCreateRecoveryCode, useRecoveryCodeStatus } from "./recovery-code.queries.ts";

const titleId = "codigo-de-recuperacao-titulo";

/**
 * Configurações › Chaves de acesso › Código de recuperação (docs/decisions/055):
 * when the code was made, and a new one, shown once. Replacing a code asks
 * first, since the one written down stops working. Shown to whoever has a
 * passkey (or a code already): the code's only use is making a new passkey.
 */
export function RecoveryCodeBlock({ hasPasskeys }: { hasPasskeys: boolean }) {
  const status = useRecoveryCodeStatus();
  const create = useCreateRecoveryCode();
  const [isConfirming, setIsConfirming] = useState(false);
  const [revealed, setRevealed] = useState<{ code: string; isReplacement: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const isReturning = useRef(false);

  // Back from the reveal: focus goes to the button that led there, not to the page's start.
  useEffect(() => {
    if (revealed || !isReturning.current) return;
    isReturning.current = false;
    createButton.current?.focus();
  }, [revealed]);

  const createdAt = status.data?.createdAt ?? null;
  if (!hasPasskeys && !createdAt && !revealed) return null;

  function createCode(isReplacement: boolean) {
    setError(null);
    create.mutate(undefined, {
      onSuccess: ({ code }) => setRevealed({ code, isReplacement }),
      onError: (caught) =>
        setError(
          caught instanceof ApiError && (caught.isNetwork || caught.status < 500)
            ? caught.message
            : passkeyMessages.recoveryCodeCreateFailed,
        ),
      onSettled: () => setIsConfirming(false),
    });
  }

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 border-t border-border pt-5">
      <h3 id={titleId} className="flex items-center gap-2 text-base font-semibold">
        <LifeBuoy aria-hidden className="size-4 text-primary" strokeWidth={1.75} />
        Código de recuperação
      </h3>
      {revealed ? (
        <>
          {revealed.isReplacement ? <Alert tone="success">{passkeyMessages.recoveryCodeCreated}</Alert> : null}
          <RecoveryCodeReveal
            code={revealed.code}
            title={revealed.isReplacement ? "Guarde seu novo código" : "Guarde seu código"}
            headingLevel={4}
            onDone={() => {
              isReturning.current = true;
              setRevealed(null);
            }}
          />
        </>
      ) : (
        <QueryPanel
          query={status}
          errorMessage={loadFailed("seu código de recuperação")}
          loading={<Skeleton className="h-20 w-full" />}
        >
          {({ createdAt: madeAt }) => (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-muted">
                Se você perder o aparelho com sua chave de acesso, é com este código que você cria uma nova. Só você vê
                o código: sua empresa não tem acesso a ele.
              </p>
              <p className="text-sm font-medium">
                {madeAt ? `Criado em ${formatDatePtBR(madeAt)}.` : "Você ainda não tem um código de recuperação."}
              </p>
              <Button
                ref={createButton}
                variant="secondary"
                className="self-start"
                disabled={create.isPending}
                onClick={() => (madeAt ? setIsConfirming(true) : createCode(false))}
              >
                {create.isPending ? "Criando..." : madeAt ? "Criar novo código" : "Criar código de recuperação"}
              </Button>
              {error ? <Alert tone="error">{error}</Alert> : null}
            </div>
          )}
        </QueryPanel>
      )}
      <ConfirmDialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title="Criar um novo código?"
        description="O código que você guardou deixa de valer na hora. Guarde o novo assim que ele aparecer."
        confirmLabel="Criar novo código"
        onConfirm={() => createCode(true)}
        isPending={create.isPending}
      />
    </section>
  );
}
