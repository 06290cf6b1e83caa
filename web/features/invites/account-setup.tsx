import { useState } from "react";
import { inviteMessages } from "#core/invite-messages.ts";
import type { InviteDetails } from "#core/schemas/invites.ts";
import { acceptErrorMessage, isLinkRefused, useAcceptInvite, useInviteLookup } from "./invites.queries.ts";
import { PasswordSetupForm, type ReadOnlyField } from "./password-setup-form.tsx";
import { PrivacyNote } from "./privacy-note.tsx";
import { SetupCard } from "./setup-card.tsx";
import { SetupLinkError, SetupLoading, SetupSuccess } from "./setup-states.tsx";

/**
 * What differs between the two doors into an account (spec 2 'Account setup'):
 * /confirm-account, where an admin's invitee activates the account, and
 * /accept-invite, where a manager's invitee creates it. The rest is one page.
 */
export type AccountSetupKind = {
  title: string;
  intro: (invite: InviteDetails) => string;
  readOnlyFields: (invite: InviteDetails) => ReadOnlyField[];
  submitLabel: string;
  pendingLabel: string;
  failed: string;
  successTitle: string;
  successText: string;
};

export const activateAccount: AccountSetupKind = {
  title: "Ative sua conta",
  intro: (invite) =>
    invite.role === "psychologist"
      ? "Crie sua senha para cadastrar sua agenda e atender pelo Sereno."
      : invite.role === "manager"
        ? "Você vai acompanhar o bem-estar da equipe, sempre por números agregados e anônimos."
        : "Crie sua senha para começar a cuidar do seu bem-estar com o Sereno.",
  readOnlyFields: (invite) => [{ id: "email", label: "E-mail", value: invite.email, autoComplete: "username" }],
  submitLabel: "Ativar conta",
  pendingLabel: "Ativando...",
  failed: inviteMessages.updatePasswordFailed,
  successTitle: inviteMessages.accountConfirmed,
  successText: "Sua senha foi criada. Agora é só entrar com seu e-mail e a nova senha. Levando você para o login...",
};

export const createAccount: AccountSetupKind = {
  title: "Crie sua conta",
  intro: () => "Confira seus dados e escolha uma senha.",
  readOnlyFields: (invite) => [
    { id: "nome", label: "Nome", value: invite.name, autoComplete: "name" },
    { id: "email", label: "E-mail", value: invite.email, autoComplete: "username" },
  ],
  submitLabel: "Criar conta",
  pendingLabel: "Criando sua conta...",
  failed: inviteMessages.accountCreateFailed,
  successTitle: "Boas-vindas ao Sereno!",
  successText: inviteMessages.accountCreated,
};

/** The invite's details, a password, the consent; every unusable link gets the same message and a way forward. */
export function AccountSetup({ token, kind }: { token: string | null; kind: AccountSetupKind }) {
  const lookup = useInviteLookup(token);
  const accept = useAcceptInvite();
  const [isDone, setIsDone] = useState(false);

  if (isDone) {
    return (
      <SetupCard>
        <SetupSuccess title={kind.successTitle}>
          <p>{kind.successText}</p>
        </SetupSuccess>
      </SetupCard>
    );
  }
  if (!token || lookup.isError) {
    // Only a failure that is not the link's fault (network, server) is worth retrying.
    const canRetry = Boolean(token) && lookup.isError && !isLinkRefused(lookup.error);
    return (
      <SetupCard>
        <SetupLinkError
          title={inviteMessages.linkInvalidOrExpired}
          onRetry={canRetry ? () => void lookup.refetch() : undefined}
        />
      </SetupCard>
    );
  }
  if (lookup.isPending) {
    return (
      <SetupCard>
        <SetupLoading title={kind.title} />
      </SetupCard>
    );
  }

  const invite = lookup.data;
  const asksConsent = invite.role !== "psychologist";
  return (
    <SetupCard>
      <div className="space-y-2">
        <h1 className="text-xl font-semibold">{kind.title}</h1>
        <p className="text-muted">
          <span className="font-medium text-fg">{invite.managerName}</span> convidou você para a{" "}
          <span className="font-medium text-fg">{invite.companyName}</span>. {kind.intro(invite)}
        </p>
      </div>
      <PasswordSetupForm
        readOnlyFields={kind.readOnlyFields(invite)}
        submitLabel={kind.submitLabel}
        pendingLabel={kind.pendingLabel}
        asksConsent={asksConsent}
        onSubmit={async (password) => {
          try {
            await accept.mutateAsync({ token, password, ...(asksConsent ? { consent: true } : {}) });
            setIsDone(true);
            return null;
          } catch (error) {
            return acceptErrorMessage(error, kind.failed);
          }
        }}
      />
      {asksConsent ? <PrivacyNote companyName={invite.companyName} /> : null}
    </SetupCard>
  );
}
