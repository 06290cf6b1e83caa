import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { RecoveryCodeReveal } from "#web/components/recovery-code-reveal.tsx";
import { Alert } from "#web/components/ui/alert.tsx";
import { SetupCard } from "#web/features/invites/setup-card.tsx";
import type { Recovered, RecoveryTicket } from "#web/features/recovery/recovery.queries.ts";
import { RecoveryCheckForm } from "#web/features/recovery/recovery-check-form.tsx";
import { RecoveryPasskeyStep } from "#web/features/recovery/recovery-passkey-step.tsx";

export function meta() {
  return [
    { title: "Recuperar seu acesso | Sereno" },
    {
      name: "description",
      content: "Perdeu o aparelho com sua chave de acesso? Crie uma nova com o seu código de recuperação.",
    },
  ];
}

/**
 * /recuperar (docs/decisions/055): the recovery code, a new passkey in place of
 * the lost ones, then the new code, shown once; lands on /dashboard.
 */
export default function RecoveryPage() {
  const navigate = useNavigate();
  const [ticket, setTicket] = useState<RecoveryTicket | null>(null);
  const [recovered, setRecovered] = useState<Recovered | null>(null);

  return (
    <SetupCard>
      <div className="space-y-5">
        <h1 className="text-2xl font-semibold">Recuperar seu acesso</h1>
        {recovered ? (
          <>
            <Alert tone="success">{recovered.message}</Alert>
            <RecoveryCodeReveal
              code={recovered.recoveryCode}
              title="Guarde seu novo código de recuperação"
              onDone={() => navigate("/dashboard", { replace: true })}
            />
          </>
        ) : ticket ? (
          <RecoveryPasskeyStep ticket={ticket} onDone={setRecovered} onRestart={() => setTicket(null)} />
        ) : (
          <>
            <p className="text-sm text-muted">
              Perdeu ou trocou o aparelho com sua chave de acesso? Informe o código de recuperação que você guardou para
              criar uma nova chave.
            </p>
            <RecoveryCheckForm onFound={setTicket} />
            <p className="text-sm text-muted">
              Não tem o código? Se sua conta tem e-mail, use 'Esqueceu sua senha?' na página de entrada. Sem e-mail,
              peça ao RH da sua empresa para remover seu cadastro e importar você de novo: você ativa o acesso outra
              vez, com uma conta nova, sem o histórico anterior.
            </p>
          </>
        )}
        {recovered ? null : (
          <p className="text-center text-sm">
            Lembrou como entrar?{" "}
            <Link to="/login" className="font-medium text-primary underline underline-offset-4">
              Entrar
            </Link>
          </p>
        )}
      </div>
    </SetupCard>
  );
}
