import { Link } from "react-router";
import { Logo } from "#web/components/logo.tsx";
import { FollowCase } from "#web/features/listening/follow-case.tsx";

export function meta() {
  return [{ title: "Acompanhar um caso | Sereno" }, { name: "robots", content: "noindex" }];
}

/**
 * /escuta/acompanhar (issue 35): a case is read with its protocol and secret
 * alone, never through an account, so it works signed out, on any device.
 */
export default function FollowCasePage() {
  return (
    <main id="conteudo" className="mx-auto flex min-h-dvh max-w-2xl flex-col gap-6 px-4 py-8">
      <Link to="/" aria-label="Sereno, página inicial" className="self-start">
        <Logo />
      </Link>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold">Acompanhar um caso do canal de escuta</h1>
        <p className="text-muted">
          Digite o protocolo e a senha que você recebeu ao enviar. Você não precisa entrar na sua conta.
        </p>
      </div>
      <FollowCase />
    </main>
  );
}
