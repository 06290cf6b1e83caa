import { ChevronDown, KeyRound, Lock, ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { isInternalAddress } from "#core/internal-address.ts";
import { settingsMessages } from "#core/settings-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { usePrivacySummary } from "#web/lib/consent.ts";
import { useViewer } from "#web/lib/session.ts";
import { PasswordForm } from "./password-form.tsx";
import { SectionStatus } from "./section-status.tsx";
import { SettingsSection } from "./settings-section.tsx";
import { useSectionStatus } from "./use-section-status.ts";

const formId = "alterar-senha-formulario";

/** Spec 1 and 4: what stays private, and the password form that toggles open and closed. */
export function SecuritySection() {
  const [isOpen, setIsOpen] = useState(false);
  const status = useSectionStatus();
  const toggleButton = useRef<HTMLButtonElement>(null);
  // Someone who came in through the company's SSO or a passkey has no password to change
  // (the same summary the privacy section reads: one request).
  const hasPassword = usePrivacySummary().data?.hasPassword ?? true;
  // Without an e-mail (an internal address, docs/decisions/045) only a passkey lets the person in (issue 45, minor list).
  const hasEmail = !isInternalAddress(useViewer().email);

  function close() {
    setIsOpen(false);
    toggleButton.current?.focus();
  }

  return (
    <SettingsSection
      id="seguranca"
      icon={ShieldCheck}
      title="Privacidade e segurança"
      description="O que fica só com você e como manter sua conta protegida."
    >
      <div className="flex gap-3 rounded-md bg-surface-2 p-4 text-sm">
        <Lock aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" strokeWidth={1.75} />
        <div className="space-y-1">
          <p className="font-medium">Seus check-ins são privados.</p>
          <p className="text-muted">
            Só você vê suas respostas e anotações. Sua empresa e seus gestores veem apenas números agregados e anônimos
            de grupos com pelo menos 5 pessoas.{" "}
            <Link to="/privacidade" className="font-medium text-primary underline underline-offset-4">
              Ler a Política de Privacidade
            </Link>
          </p>
        </div>
      </div>

      {hasPassword ? (
        <div className="flex flex-col gap-3">
          <Button
            ref={toggleButton}
            variant="secondary"
            className="self-start"
            aria-expanded={isOpen}
            aria-controls={formId}
            onClick={() => {
              status.clear();
              setIsOpen((open) => !open);
            }}
          >
            <KeyRound aria-hidden className="size-4" strokeWidth={1.75} />
            Alterar senha
            <ChevronDown
              aria-hidden
              className={cn("size-4 transition-transform", isOpen && "rotate-180")}
              strokeWidth={1.75}
            />
          </Button>
          {isOpen ? (
            <>
              <p className="text-sm text-muted">
                Ao salvar, você continua conectado aqui e sai automaticamente dos outros aparelhos.
              </p>
              <PasswordForm
                id={formId}
                onCancel={close}
                onDone={() => {
                  close();
                  status.succeed(settingsMessages.passwordChanged);
                }}
              />
            </>
          ) : null}
          <SectionStatus status={status.status} />
        </div>
      ) : (
        <p className="text-sm text-muted">
          {hasEmail
            ? "Sua conta não tem senha: você entra pelo login único da sua empresa, por uma chave de acesso ou por um link de acesso enviado ao seu e-mail."
            : "Sua conta não tem senha nem e-mail: você entra com sua chave de acesso. Se perder o aparelho, use o código de recuperação."}
        </p>
      )}
    </SettingsSection>
  );
}
