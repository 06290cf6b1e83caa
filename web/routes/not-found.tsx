import { Home, LayoutDashboard } from "lucide-react";
import { Link } from "react-router";
import { Logo } from "#web/components/logo.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { useMe } from "#web/lib/session.ts";

export function meta() {
  return [{ title: "Página não encontrada | Sereno" }, { name: "robots", content: "noindex" }];
}

/**
 * Any path no route knows (docs/design.md §5: not a silent jump to the home
 * page). The server answers these paths with HTTP 404 (server/static-site.ts).
 */
export default function NotFound() {
  const me = useMe();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 p-6 text-center">
      <Link to="/" aria-label="Sereno, início">
        <Logo />
      </Link>
      <div className="max-w-md space-y-2">
        <h1 className="text-2xl font-semibold">Página não encontrada</h1>
        <p className="text-muted">
          O endereço que você abriu não existe ou mudou de lugar. Confira o link ou siga por um dos caminhos abaixo.
        </p>
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {me.data ? (
          <Button asChild>
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden className="size-4" /> Ir para o painel
            </Link>
          </Button>
        ) : null}
        <Button variant={me.data ? "secondary" : "primary"} asChild>
          <Link to="/">
            <Home aria-hidden className="size-4" /> Ir para o início
          </Link>
        </Button>
      </div>
    </main>
  );
}
