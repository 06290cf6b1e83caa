import { useState } from "react";
import { useSearchParams } from "react-router";
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
  return [{ title: "Criar conta | Sereno" }];
}

const title = "Crie sua conta";

/** Spec 2 'Account setup': someone invited by their manager from /team creates their account. */
export default function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get("token") || null;
  const lookup = useInviteLookup(token);
  const accept = useAcceptInvite();
  const [isDone, setIsDone] = useState(false);

  if (isDone) {
    return (
      <SetupCard>
        <SetupSuccess title="Boas-vindas ao Sereno!">
          <p>{messages.accountCreated}</p>
        </SetupSuccess>
      </SetupCard>
    );
  }
  if (!token) {
    return (
      <SetupCard>
        <SetupLinkError title={messages.inviteTokenMissing} />
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
    return (
      <SetupCard>
        <SetupLinkError
          title={messages.inviteInvalid}
          onRetry={isNotFound(lookup.error) ? undefined : () => void lookup.refetch()}
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
          <span className="font-medium text-fg">{invite.companyName}</span>. Confira seus dados e escolha uma senha.
        </p>
      </div>
      <PasswordSetupForm
        readOnlyFields={[
          { id: "nome", label: "Nome", value: invite.name, autoComplete: "name" },
          { id: "email", label: "Email", value: invite.email, autoComplete: "username" },
        ]}
        submitLabel="Criar conta"
        pendingLabel="Criando sua conta..."
        onSubmit={async (password) => {
          try {
            await accept.mutateAsync({ token, password, consent: true });
            setIsDone(true);
            return null;
          } catch (error) {
            return acceptErrorMessage(error, messages.accountCreateFailed, messages.inviteInvalid);
          }
        }}
      />
      <PrivacyNote companyName={invite.companyName} />
    </SetupCard>
  );
}
