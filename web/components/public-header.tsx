import { useState } from "react";
import { Link, NavLink } from "react-router";
import { isTeamRole } from "#core/roles.ts";
import { Button } from "#web/components/ui/button.tsx";
import { SideSheet, SideSheetClose } from "#web/components/ui/side-sheet.tsx";
import { cn } from "#web/lib/cn.ts";
import { useMe } from "#web/lib/session.ts";
import { Logo } from "./logo.tsx";
import { SignOutButton } from "./sign-out-button.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";

type HeaderLink = { to: string; label: string };

const signedOutLinks: HeaderLink[] = [
  { to: "/", label: "Início" },
  { to: "/recursos", label: "Recursos" },
  { to: "/sobre", label: "Sobre Nós" },
];

function signedInLinks(isTeam: boolean): HeaderLink[] {
  return [
    { to: "/dashboard", label: "Dashboard" },
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

/** The top bar (spec 2), signed out and signed in, with a slide-in drawer on small screens. */
export function PublicHeader() {
  const { data: me } = useMe();
  const [open, setOpen] = useState(false);
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
                <Link to="/login">Login</Link>
              </Button>
            )}
          </div>
          <SideSheet
            open={open}
            onOpenChange={setOpen}
            side="right"
            description="Navegação do site"
            className="flex flex-col gap-2 p-4"
          >
            <div className="mb-2 flex items-center justify-between">
              <Logo />
              <SideSheetClose />
            </div>
            <nav aria-label="Menu" className="flex flex-col">
              {links.map((link) => (
                <NavLink key={link.to} to={link.to} end className={linkClass} onClick={() => setOpen(false)}>
                  <span className="flex min-h-9 items-center">{link.label}</span>
                </NavLink>
              ))}
            </nav>
            <div className="mt-auto">
              {me ? (
                <SignOutButton onDone={() => setOpen(false)} />
              ) : (
                <Button asChild className="w-full">
                  <Link to="/login" onClick={() => setOpen(false)}>
                    Login
                  </Link>
                </Button>
              )}
            </div>
          </SideSheet>
        </div>
      </div>
    </header>
  );
}
