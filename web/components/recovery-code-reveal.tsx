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
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 2 ? "h2" : "h3";
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
      <div className="rounded-lg border border-dashed border-primary/40 bg-primary-soft px-3 py-5">
        {/* The hyphens are kept for copying and screen readers; the eye sees the groups apart. */}
        <p
          className="flex flex-wrap justify-center gap-x-3 gap-y-1 font-mono text-2xl font-semibold tracking-wider text-fg"
          translate="no"
        >
          {groups.map((group, index) => (
            // A group's place is its key: the code up to it is unique.
            <span key={groups.slice(0, index + 1).join("-")}>
              {group}
              {index < groups.length - 1 ? <span className="sr-only">-</span> : null}
            </span>
          ))}
        </p>
      </div>
      <p className="text-sm text-muted">
        Se você perder este aparelho, toque em 'Perdeu sua chave de acesso?' na página de entrada e use o código para
        criar uma nova chave de acesso. Só você vê este código: nem sua empresa nem o Sereno conseguem mostrá-lo de
        novo.
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
