/** What the SSO settings share: a value to copy into the provider, and a refusal in words. */
import { Copy } from "lucide-react";
import { useId } from "react";
import { messages } from "#core/messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Input, Label } from "#web/components/ui/field.tsx";
import { ApiError } from "#web/lib/api.ts";
import { toast } from "#web/lib/toast.ts";

export function errorText(error: unknown): string {
  return error instanceof ApiError && error.status < 500 && !error.isNetwork ? error.message : messages.internalError;
}

async function copyText(value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast.success("Copiado.");
  } catch {
    toast.error("Não foi possível copiar. Selecione o texto e copie com Ctrl+C.");
  }
}

/** A value the company's IT pastes into its provider: read-only, with 'Copiar'. */
export function CopyValue({ label, value }: { label: string; value: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} readOnly value={value} className="font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
        <Button variant="secondary" aria-label={`Copiar ${label}`} onClick={() => void copyText(value)}>
          <Copy aria-hidden className="size-4" />
        </Button>
      </div>
    </div>
  );
}
