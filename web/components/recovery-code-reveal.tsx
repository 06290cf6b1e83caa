import { Check, Copy } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";

/**
 * A recovery code, shown once (docs/decisions/055): the server keeps only its
 * hash, so this is the only time anyone sees it. Used after /ativar, after
 * /recuperar and in Configurações. Focus moves to its heading, since the
 * button that led here is gone.
 */
export function RecoveryCodeReveal({
  code,
  onDone,
  title = "Guarde seu código de recuperação",
  headingLevel = 2,
  className,
}: {
  /** As the server gives it: 'ABCD-EFGH-JKMN-PQRS-TVWX'. */
  code: string;
  onDone: () => void;
  title?: string;
  headingLevel?: 2 | 3 | 4;
  className?: string;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = (["h2", "h3", "h4"] as const)[headingLevel - 2] ?? "h2";
  const groups = code.split("-");

  useEffect(() => heading.current?.focus(), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(passkeyMessages.recoveryCodeCopied);
    } catch {
      toast.error(passkeyMessages.recoveryCodeCopyFailed);
    }
  }

  return (
    <section aria-labelledby={`${id}-titulo`} className={cn("space-y-4", className)}>
      <Heading
        id={`${id}-titulo`}
        ref={heading}
        tabIndex={-1}
        className={cn("font-semibold outline-none", headingLevel === 2 ? "text-lg" : "text-base")}
      >
        {title}
      </Heading>
      <p className="text-sm text-muted">
        Guarde este código em um lugar seguro, fora do celular: anote no papel ou num gerenciador de senhas. Ele aparece
        só agora.
      </p>
      <div className="rounded-lg border border-dashed border-primary/40 bg-primary-soft px-2 py-5">
        {/*
          Five groups in a row, or three over two on a phone; never four and one. The hyphens stay for
          copying and screen readers, the eye sees the groups apart.
        */}
        <p
          className="grid grid-cols-6 gap-x-2 gap-y-1 text-center font-mono text-2xl font-semibold tracking-wide text-fg sm:grid-cols-5 sm:text-[1.375rem]"
          translate="no"
        >
          {groups.map((group, index) => (
            // A group's place is its key: the code up to it is unique.
            <span
              key={groups.slice(0, index + 1).join("-")}
              className={cn("col-span-2 sm:col-span-1", index === 3 && "col-start-2 sm:col-start-auto")}
            >
              {group}
              {index < groups.length - 1 ? <span className="sr-only">-</span> : null}
            </span>
          ))}
        </p>
      </div>
      <p className="text-sm text-muted">
        Se perder este aparelho, use o código em 'Perdeu sua chave de acesso?', na página de entrada, para criar uma
        nova chave. Só você vê este código: nem sua empresa nem o Sereno conseguem mostrá-lo de novo.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" strokeWidth={1.75} />
          Copiar código
        </Button>
        <Button onClick={onDone}>
          <Check aria-hidden className="size-4" strokeWidth={1.75} />
          Já guardei meu código
        </Button>
      </div>
    </section>
  );
}
