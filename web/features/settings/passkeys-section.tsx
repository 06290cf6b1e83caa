import { KeyRound, Plus } from "lucide-react";
import { useState } from "react";
import { formatDatePtBR, relativeTimePtBR } from "#core/format.ts";
import { loadFailed } from "#core/messages.ts";
import { passkeyMessages } from "#core/passkey-messages.ts";
import type { Passkey } from "#core/schemas/passkeys.ts";
import { QueryPanel } from "#web/components/query-panel.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { ceremonyFailure } from "#web/lib/passkey-ceremony.ts";
import { useAddPasskey, usePasskeys, useRemovePasskey } from "./passkeys.queries.ts";
import { RecoveryCodeBlock } from "./recovery-code-block.tsx";
import { SectionStatus } from "./section-status.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { useSectionStatus } from "./use-section-status.ts";

function PasskeyItem({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium">{passkey.name}</p>
        <p className="text-muted">Criada em {formatDatePtBR(passkey.createdAt)}</p>
        <p className="text-muted">
          Último uso: {passkey.lastUsedAt ? relativeTimePtBR(new Date(passkey.lastUsedAt)) : "ainda não usada"}
        </p>
      </div>
      <Button variant="secondary" size="sm" aria-label={`Remover a chave ${passkey.name}`} onClick={onRemove}>
        Remover
      </Button>
    </li>
  );
}

/**
 * Passkeys: sign in with the phone's or computer's lock (fingerprint, face,
 * PIN) instead of a password (docs/decisions/045). Removing one asks first.
 * Below them, the recovery code for a lost device (docs/decisions/055).
 */
export function PasskeysSection() {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const status = useSectionStatus();
  const [removing, setRemoving] = useState<Passkey | null>(null);

  function create() {
    status.clear();
    add.mutate(undefined, {
      onSuccess: () => status.succeed(passkeyMessages.created),
      onError: (error) => status.fail(ceremonyFailure(error, passkeyMessages.rejected)),
    });
  }

  function confirmRemove() {
    if (!removing) return;
    status.clear();
    remove.mutate(removing.id, {
      onSuccess: (reply) => status.succeed(reply.message),
      onError: (error) => status.fail(ceremonyFailure(error, passkeyMessages.rejected)),
      onSettled: () => setRemoving(null),
    });
  }

  return (
    <SettingsSection
      id="chaves-de-acesso"
      icon={KeyRound}
      title="Chaves de acesso"
      description="Entre no Sereno com a digital, o rosto ou o PIN do seu aparelho, sem senha."
    >
      <QueryPanel query={passkeys} errorMessage={loadFailed("suas chaves de acesso")}>
        {({ items }) => (
          <div className="flex flex-col gap-4">
            {items.length > 0 ? (
              <ul aria-label="Chaves de acesso" className="divide-y divide-border">
                {items.map((passkey) => (
                  <PasskeyItem key={passkey.id} passkey={passkey} onRemove={() => setRemoving(passkey)} />
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted">Você ainda não criou uma chave de acesso.</p>
            )}
            <Button variant="secondary" className="self-start" disabled={add.isPending} onClick={create}>
              <Plus aria-hidden className="size-4" strokeWidth={1.75} />
              {add.isPending ? "Aguardando o aparelho..." : "Criar chave de acesso"}
            </Button>
            <SectionStatus status={status.status} />
            <RecoveryCodeBlock hasPasskeys={items.length > 0} />
          </div>
        )}
      </QueryPanel>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title="Remover esta chave de acesso?"
        description={`Você não poderá mais entrar com a chave "${removing?.name ?? ""}". Se ela for a sua única forma de entrar, crie outra antes.`}
        confirmLabel="Remover chave"
        onConfirm={confirmRemove}
        isPending={remove.isPending}
      />
    </SettingsSection>
  );
}
