import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { passkeyMessages } from "#core/passkey-messages.ts";
import { confirmationSentMessage, EMAIL_CONFIRMATION_HOURS } from "#core/schemas/email-confirmation.ts";
import { RecoveryCodeReveal } from "#web/components/recovery-code-reveal.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import {
  type Activated,
  type ActivationTicket,
  useActivationCompany,
} from "#web/features/activation/activation.queries.ts";
import { ActivationCheckForm } from "#web/features/activation/activation-check-form.tsx";
import { ActivationWays } from "#web/features/activation/activation-ways.tsx";
import { SetupCard } from "#web/features/invites/setup-card.tsx";

export function meta() {
  return [
    { title: "Ativar seu acesso | Sereno" },
    {
      name: "description",
      content: "Primeiro acesso ao Sereno com CPF e matrícula, para quem não tem e-mail corporativo.",
    },
  ];
}

function WithoutCode() {
  return (
    <div className="space-y-3">
      <h1 className="text-2xl font-semibold">Ativar seu acesso</h1>
      <p className="text-sm text-muted">
        Para ativar sem e-mail corporativo, abra o endereço ou aponte a câmera do celular para o QR code do cartaz do
        Sereno na sua empresa. Ele leva à página de ativação da sua empresa.
      </p>
      <p className="text-sm text-muted">Se você recebeu um convite por e-mail, use o link do convite.</p>
      <Link to="/login" className="text-sm text-primary underline-offset-4 hover:underline">
        Voltar para o login
      </Link>
    </div>
  );
}

/** The personal e-mail given is the account's only once its link is opened (docs/decisions/066). */
function PendingEmail({ address }: { address: string }) {
  return (
    <Alert tone="info" title="Falta confirmar seu e-mail">
      <p>{confirmationSentMessage(address)}</p>
      <p className="mt-1 text-muted">
        O link vale por {EMAIL_CONFIRMATION_HOURS} horas. Até lá, você continua na sua conta neste aparelho, mas ainda
        não entra com este e-mail.
      </p>
    </Alert>
  );
}

/**
 * /ativar/{code} (docs/decisions/045): CPF and matrícula, then a passkey or an e-mail and password; lands on
 * /dashboard, after showing the first recovery code when a passkey was made (docs/decisions/055) and, when a
 * personal e-mail was given, that a link to confirm it was sent (docs/decisions/066).
 */
export default function ActivationPage() {
  const { code = "" } = useParams();
  const navigate = useNavigate();
  const validCode = /^[a-z0-9]{4,40}$/.test(code);
  const company = useActivationCompany(code, validCode);
  const [ticket, setTicket] = useState<ActivationTicket | null>(null);
  // Shown once, before the dashboard: the first recovery code of whoever made a passkey.
  const [activated, setActivated] = useState<Activated>();
  const goOn = () => navigate("/dashboard", { replace: true });

  return (
    <SetupCard>
      {!validCode ? (
        <WithoutCode />
      ) : company.isPending ? (
        <Skeleton className="h-40" />
      ) : company.isError ? (
        <Alert tone="error">{company.error.message || passkeyMessages.activationNotFound}</Alert>
      ) : activated ? (
        <div className="space-y-5">
          <h1 className="text-2xl font-semibold">Ativar seu acesso</h1>
          <Alert tone="success">{activated.message}</Alert>
          {activated.pendingEmail ? <PendingEmail address={activated.pendingEmail} /> : null}
          {activated.recoveryCode ? (
            <RecoveryCodeReveal code={activated.recoveryCode} onDone={goOn} />
          ) : (
            <Button size="lg" className="w-full" onClick={goOn}>
              Continuar
            </Button>
          )}
        </div>
      ) : (
        <div className="space-y-5">
          <div className="space-y-2">
            <h1 className="text-2xl font-semibold">Ativar seu acesso</h1>
            <p className="text-sm text-muted">
              {company.data.companyName} oferece o Sereno a você. Informe o CPF e a matrícula como estão no RH.
            </p>
          </div>
          {ticket ? (
            <ActivationWays
              code={code}
              ticket={ticket}
              onDone={(reply) => (reply.recoveryCode || reply.pendingEmail ? setActivated(reply) : goOn())}
            />
          ) : (
            <ActivationCheckForm code={code} onFound={setTicket} />
          )}
          <p className="text-center text-sm">
            Já ativou?{" "}
            <Link to="/login" className="font-medium text-primary underline underline-offset-4">
              Entrar
            </Link>
          </p>
        </div>
      )}
    </SetupCard>
  );
}
