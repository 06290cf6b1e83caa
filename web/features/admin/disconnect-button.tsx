import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { ConfirmDialog } from "#web/components/ui/confirm-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { errorText } from "./sso-values.tsx";

/**
 * Disconnecting a company's login único, Teams or WhatsApp takes it from everyone there at once: it asks
 * first, then says what happened, or why not (docs/look.md: dialogs for destructive confirmations).
 */
export function DisconnectButton({
  label,
  confirm,
  remove,
  isPending,
}: {
  label: string;
  /** The dialog's question, what follows, its button (and while it works), and the toast once done. */
  confirm: { title: string; description: string; label: string; pending?: string; done: string };
  remove: () => Promise<unknown>;
  isPending: boolean;
}) {
  const [isOpen, setOpen] = useState(false);
  async function disconnect() {
    try {
      await remove();
      toast.success(confirm.done);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setOpen(false);
    }
  }
  return (
    <>
      <Button type="button" variant="ghost" className="text-danger" disabled={isPending} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={isOpen}
        onOpenChange={(open) => {
          if (!isPending) setOpen(open);
        }}
        title={confirm.title}
        description={confirm.description}
        confirmLabel={isPending ? (confirm.pending ?? "Desconectando...") : confirm.label}
        onConfirm={() => void disconnect()}
        isPending={isPending}
      />
    </>
  );
}
