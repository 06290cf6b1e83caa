import { ShieldCheck } from "lucide-react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { inviteMessages } from "#core/invite-messages.ts";
import { cn } from "#web/lib/cn.ts";
import { legalConfig } from "#web/lib/legal-config.ts";

/**
 * The specific, highlighted consent for wellbeing data (LGPD art. 11, I),
 * on its own and unticked: activation waits for it (privacy policy, section 3).
 */
export function ConsentCheckbox({
  registration,
  checked,
  error,
}: {
  registration: UseFormRegisterReturn;
  checked: boolean;
  error?: string;
}) {
  return (
    <div
      className={cn("space-y-2 rounded-lg border bg-primary-soft p-4", error ? "border-danger" : "border-primary/30")}
    >
      <p className="flex items-center gap-2 text-sm font-semibold">
        <ShieldCheck aria-hidden className="size-4 text-primary" /> Consentimento para dados de bem-estar
      </p>
      <label htmlFor="consentimento" className="flex cursor-pointer items-start gap-3 text-sm">
        <input
          id="consentimento"
          type="checkbox"
          className="mt-0.5 size-5 shrink-0 accent-(--primary)"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "consentimento-error" : undefined}
          {...registration}
        />
        <span>
          {inviteMessages.consentLabel}{" "}
          <a
            href="/privacidade"
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-primary underline"
          >
            Ler a política
          </a>
        </span>
      </label>
      <p className="text-xs text-muted">
        Você pode revogar quando quiser, em Configurações ou pelo e-mail {legalConfig().dpoEmail}.
      </p>
      {error && !checked ? (
        <p id="consentimento-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
