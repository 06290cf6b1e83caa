import { Copy } from "lucide-react";
import type { NewCaseReply } from "#core/schemas/listening.ts";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import { toast } from "#web/lib/toast.ts";

function CopyLine({ label, value }: { label: string; value: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(`${label} copiado.`);
    } catch {
      toast.error("Não foi possível copiar. Selecione o texto e copie à mão.");
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="min-w-0">
        <p className="text-sm text-muted">{label}</p>
        <p className="font-mono text-lg font-semibold tracking-wider" data-testid={`escuta-${label.toLowerCase()}`}>
          {value}
        </p>
      </div>
      <Button variant="secondary" size="sm" className="min-h-11" onClick={() => void copy()}>
        <Copy aria-hidden className="size-4" strokeWidth={1.75} />
        Copiar {label.toLowerCase()}
      </Button>
    </div>
  );
}

/** Shown once, right after sending: the server keeps only a hash of the secret. */
export function SecretCard({ created, onDone }: { created: NewCaseReply; onDone: () => void }) {
  return (
    <Card className="space-y-4" role="region" aria-labelledby="escuta-recebido">
      <h2 id="escuta-recebido" className="text-lg font-semibold">
        Recebemos sua mensagem
      </h2>
      <Alert tone="warning" live={false}>
        Anote o protocolo e a senha agora: esta é a única vez que aparecem. Com eles você acompanha o caso em{" "}
        <a className="underline" href="/escuta/acompanhar">
          /escuta/acompanhar
        </a>
        , sem entrar na sua conta. Nem a equipe do Sereno consegue recuperar a senha.
      </Alert>
      <CopyLine label="Protocolo" value={created.protocol} />
      <CopyLine label="Senha" value={created.secret} />
      <Button variant="ghost" onClick={onDone}>
        Escrever outra mensagem
      </Button>
    </Card>
  );
}
