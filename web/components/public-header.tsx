import { Menu, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, NavLink } from "react-router";
import { isTeamRole } from "#core/roles.ts";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { useMe } from "#web/lib/session.ts";
import { wireMenus } from "#web/lib/static-page.ts";
import { Logo } from "./logo.tsx";
import { SignOutButton } from "./sign-out-button.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

type HeaderLink = { to: string; label: string };

const signedOutLinks: HeaderLink[] = [
  { to: "/", label: "Início" },
  { to: "/recursos", label: "Recursos" },
  { to: "/sobre", label: "Sobre nós" },
];

function signedInLinks(isTeam: boolean): HeaderLink[] {
  return [
    { to: "/dashboard", label: "Painel" },
    { to: "/check-ins", label: "Check-ins" },
    { to: "/exercises", label: "Exercícios" },
    ...(isTeam ? [{ to: "/appointments", label: "Consultas" }] : []),
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-surface-2",
    isActive ? "text-primary" : "text-muted hover:text-fg",
  );

const MENU_ID = "menu-do-site";

/**
 * The top bar (spec 2), signed out and signed in, with a drawer on small
 * screens: a native <dialog>, so it also works on the prerendered pages that
 * load no app script (web/lib/static-page.ts wires it in both cases).
 */
export function PublicHeader() {
  const { data: me } = useMe();
  const menuRef = useRef<HTMLDialogElement>(null);
  useEffect(() => wireMenus(document), []);
  const links = me ? signedInLinks(isTeamRole(me.role)) : signedOutLinks;

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={me ? "/dashboard" : "/"} aria-label="Sereno, página inicial" className="rounded-md">
          <Logo />
        </Link>
        <nav aria-label="Principal" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex items-center gap-1">
          <ThemeToggle />
          <div className="hidden md:block">
            {me ? (
              <SignOutButton className="w-auto" />
            ) : (
              <Button asChild size="sm">
                <Link to="/login">Entrar</Link>
              </Button>
            )}
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label="Abrir menu"
            aria-haspopup="dialog"
            data-menu-open={MENU_ID}
          >
            <Menu className="size-6" strokeWidth={1.75} />
          </Button>
          <dialog
            ref={menuRef}
            id={MENU_ID}
            aria-label="Menu"
            className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-72 max-w-[85vw] flex-col gap-2 bg-surface p-4 text-fg shadow-raised backdrop:bg-black/40 open:flex md:hidden"
          >
            <div className="mb-2 flex items-center justify-between">
              <Logo />
              <Button variant="ghost" size="icon" aria-label="Fechar menu" data-menu-close>
                <X className="size-5" strokeWidth={1.75} />
              </Button>
            </div>
            <nav aria-label="Menu" className="flex flex-col">
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} end className={linkClass}>
                  <span className="flex min-h-9 items-center">{link.label}</span>
                </NavLink>
              ))}
            </nav>
            <div className="mt-auto">
              {me ? (
                <SignOutButton onDone={() => menuRef.current?.close()} />
              ) : (
                <Button asChild className="w-full">
                  <Link to="/login">Entrar</Link>
                </Button>
              )}
            </div>
          </dialog>
        </div>
      </div>
    </header>
  );
}
