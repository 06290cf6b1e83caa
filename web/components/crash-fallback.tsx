import { Home, LogIn } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { Logo } from "./logo.tsx";

/** Shown when a screen crashes (spec 2: 'Algo deu errado'); error pages offer a way to login. */
export function CrashFallback({ notFound = false }: { notFound?: boolean }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6 text-center">
      <Logo />
      <div className="max-w-md space-y-2">
        <h1 className="text-2xl font-semibold">{notFound ? "Página não encontrada" : "Algo deu errado"}</h1>
        <p className="text-muted">
          {notFound
            ? "O endereço que você abriu não existe ou mudou de lugar."
            : "Tivemos um problema ao mostrar esta tela. Recarregue a página; se continuar, fale com a gente."}
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {!notFound ? <Button onClick={() => window.location.reload()}>Recarregar a página</Button> : null}
        <Button variant="secondary" asChild>
          <a href="/login">
            <LogIn aria-hidden className="size-4" /> Ir para o login
          </a>
        </Button>
        <Button variant="ghost" asChild>
          <a href="/">
            <Home aria-hidden className="size-4" /> Início
          </a>
        </Button>
      </div>
    </main>
  );
}
