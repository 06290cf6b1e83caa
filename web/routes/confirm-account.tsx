import { useState } from "react";
import { useLocation } from "react-router";
import { messages } from "#core/messages.ts";
import {
  acceptErrorMessage,
  isNotFound,
  useAcceptInvite,
  useInviteLookup,
} from "#web/features/invites/invites.queries.ts";
import { PasswordSetupForm } from "#web/features/invites/password-setup-form.tsx";
import { PrivacyNote } from "#web/features/invites/privacy-note.tsx";
import { SetupCard } from "#web/features/invites/setup-card.tsx";
import { SetupLinkError, SetupLoading, SetupSuccess } from "#web/features/invites/setup-states.tsx";

export function meta() {
  return [{ title: "Ativar conta | Sereno" }];
}

const title = "Ative sua conta";

/** '#access_token=…&type=invite' (the admin invite link) → the token. */
function tokenFromHash(hash: string): string | null {
  return new URLSearchParams(hash.replace(/^#/, "")).get("access_token") || null;
}

/** Spec 2 'Account setup': someone invited by an admin sets their password. */
export default function ConfirmAccountPage() {
  const token = tokenFromHash(useLocation().hash);
  const lookup = useInviteLookup(token);
  const accept = useAcceptInvite();
  const [isDone, setIsDone] = useState(false);

  if (isDone) {
    return (
      <SetupCard>
        <SetupSuccess title={messages.accountConfirmed}>
          <p>Sua senha foi criada. Agora é só entrar com seu email e a nova senha.</p>
          <p>Levando você para o login...</p>
        </SetupSuccess>
      </SetupCard>
    );
  }
  if (!token) {
    return (
      <SetupCard>
        <SetupLinkError title={messages.confirmLinkInvalid} />
      </SetupCard>
    );
  }
  if (lookup.isPending) {
    return (
      <SetupCard>
        <SetupLoading title={title} />
      </SetupCard>
    );
  }
  if (lookup.isError) {
    const notFound = isNotFound(lookup.error);
    return (
      <SetupCard>
        <SetupLinkError
          title={notFound ? messages.tokenInvalidOrExpired : messages.linkInvalidOrExpired}
          onRetry={notFound ? undefined : () => void lookup.refetch()}
        />
      </SetupCard>
    );
  }

  const invite = lookup.data;
  return (
    <SetupCard>
      <div className="space-y-2">
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="text-muted">
          <span className="font-medium text-fg">{invite.managerName}</span> convidou você para a{" "}
          <span className="font-medium text-fg">{invite.companyName}</span>.{" "}
          {invite.role === "manager"
            ? "Você vai acompanhar o bem-estar da equipe, sempre por números agregados e anônimos."
            : "Crie sua senha para começar a cuidar do seu bem-estar com o Sereno."}
        </p>
      </div>
      <PasswordSetupForm
        readOnlyFields={[{ id: "email", label: "Email", value: invite.email, autoComplete: "username" }]}
        submitLabel="Ativar conta"
        pendingLabel="Ativando..."
        onSubmit={async (password) => {
          try {
            await accept.mutateAsync({ token, password, consent: true });
            setIsDone(true);
            return null;
          } catch (error) {
            return acceptErrorMessage(error, messages.updatePasswordFailed, messages.tokenInvalidOrExpired);
          }
        }}
      />
      <PrivacyNote companyName={invite.companyName} />
    </SetupCard>
  );
}
