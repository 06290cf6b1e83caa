/**
 * The signed-in screens: path, title, who may open them and where they show
 * in the menus. The route guard, the side menu, the top bar and the page
 * header all read this one table. (The server enforces roles on its own.)
 */
import {
  BarChart3,
  BookOpen,
  CalendarClock,
  ClipboardCheck,
  Dumbbell,
  Eye,
  FileUp,
  Gift,
  HeartHandshake,
  HelpCircle,
  LayoutDashboard,
  type LucideIcon,
  MessageSquareHeart,
  MessagesSquare,
  QrCode,
  ScrollText,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Stethoscope,
  Users,
  UsersRound,
} from "lucide-react";
import type { Role } from "#core/roles.ts";

export type AppScreen = {
  path: string;
  title: string;
  menuLabel: string;
  icon: LucideIcon;
  roles: readonly Role[];
  /** 'main' in the upper menu, 'bottom' next to Sair, 'none' reached by links only. */
  menu: "main" | "bottom" | "none";
  /** Shown in the top bar when signed in (spec 2). */
  topBar?: boolean;
  /** A disallowed role sees the page's own 'restricted' panel instead of being redirected. */
  showsOwnRestriction?: boolean;
};

const everyone = ["user", "manager", "admin"] as const;
const team = ["manager", "admin"] as const;
const adminOnly = ["admin"] as const;
/** People of a company: care is what their employer offers (docs/decisions/025). */
const companyPeople = ["user", "manager"] as const;
const psychologistOnly = ["psychologist"] as const;
const allRoles = ["user", "manager", "admin", "psychologist"] as const;

export const appScreens: AppScreen[] = [
  {
    path: "/dashboard",
    title: "Painel",
    menuLabel: "Painel",
    icon: LayoutDashboard,
    roles: everyone,
    menu: "main",
    topBar: true,
  },
  {
    path: "/check-ins",
    title: "Check-ins diários",
    menuLabel: "Check-ins",
    icon: ClipboardCheck,
    roles: everyone,
    menu: "main",
    topBar: true,
  },
  {
    path: "/exercises",
    title: "Exercícios de mindfulness",
    menuLabel: "Exercícios",
    icon: Dumbbell,
    roles: everyone,
    menu: "main",
    topBar: true,
  },
  {
    path: "/content",
    title: "Biblioteca de conteúdos",
    menuLabel: "Conteúdos",
    icon: BookOpen,
    roles: everyone,
    menu: "main",
  },
  // Members redeem; managers also fulfil and keep their company's rewards; admins keep the platform's (docs/decisions/028).
  { path: "/rewards", title: "Recompensas", menuLabel: "Recompensas", icon: Gift, roles: everyone, menu: "main" },
  // Canal de escuta (issue 35): every person of a company writes; /escuta/casos answers only the appointed handlers.
  {
    path: "/escuta/casos",
    title: "Casos do canal de escuta",
    menuLabel: "Casos do canal de escuta",
    icon: MessageSquareHeart,
    roles: companyPeople,
    menu: "none",
  },
  {
    path: "/escuta",
    title: "Canal de escuta",
    menuLabel: "Canal de escuta",
    icon: MessageSquareHeart,
    roles: companyPeople,
    menu: "main",
  },
  {
    path: "/care",
    title: "Apoio psicológico",
    menuLabel: "Apoio psicológico",
    icon: HeartHandshake,
    roles: companyPeople,
    menu: "main",
  },
  {
    path: "/care/agenda",
    title: "Minha agenda",
    menuLabel: "Agenda",
    icon: CalendarClock,
    roles: psychologistOnly,
    menu: "main",
  },
  {
    path: "/care/mensagens",
    title: "Mensagens",
    menuLabel: "Mensagens",
    icon: MessagesSquare,
    roles: ["user", "manager", "psychologist"],
    menu: "main",
  },
  {
    path: "/admin",
    title: "Administração",
    menuLabel: "Administração",
    icon: ShieldCheck,
    roles: adminOnly,
    menu: "main",
    showsOwnRestriction: true,
  },
  {
    path: "/admin/exercises",
    title: "Gerenciar exercícios",
    menuLabel: "Gerenciar exercícios",
    icon: Dumbbell,
    roles: adminOnly,
    menu: "main",
    showsOwnRestriction: true,
  },
  {
    path: "/admin/psychologists",
    title: "Psicólogos(as)",
    menuLabel: "Psicólogos(as)",
    icon: Stethoscope,
    roles: adminOnly,
    menu: "main",
    showsOwnRestriction: true,
  },
  {
    path: "/admin/auditoria",
    title: "Registro de acessos",
    menuLabel: "Registro de acessos",
    icon: ScrollText,
    roles: adminOnly,
    menu: "main",
    showsOwnRestriction: true,
  },
  {
    path: "/group-sessions",
    title: "Sessões em grupo",
    menuLabel: "Sessões em grupo",
    icon: UsersRound,
    // Psychologists see the sessions they conduct (docs/decisions/024).
    roles: allRoles,
    menu: "main",
  },
  { path: "/team", title: "Gerenciar equipe", menuLabel: "Equipe", icon: Users, roles: team, menu: "main" },
  {
    path: "/team/importar",
    title: "Importar pessoas",
    menuLabel: "Importar pessoas",
    icon: FileUp,
    roles: team,
    menu: "none",
  },
  {
    path: "/team/cartaz",
    title: "Cartaz de ativação",
    menuLabel: "Cartaz de ativação",
    icon: QrCode,
    roles: team,
    menu: "none",
  },
  {
    path: "/appointments",
    title: "Consultas",
    menuLabel: "Consultas",
    icon: CalendarClock,
    roles: team,
    menu: "main",
    topBar: true,
  },
  { path: "/reports", title: "Relatórios", menuLabel: "Relatórios", icon: BarChart3, roles: team, menu: "main" },
  {
    path: "/risks",
    title: "Riscos psicossociais",
    menuLabel: "Riscos psicossociais",
    icon: ShieldAlert,
    roles: team,
    menu: "main",
  },
  {
    path: "/pesquisa-psicossocial",
    title: "Pesquisa de riscos psicossociais",
    menuLabel: "Pesquisa psicossocial",
    icon: ClipboardCheck,
    roles: everyone,
    menu: "none",
  },
  {
    path: "/settings",
    title: "Configurações",
    menuLabel: "Configurações",
    icon: Settings,
    roles: allRoles,
    menu: "bottom",
  },
  {
    path: "/o-que-sua-empresa-ve",
    title: "O que sua empresa vê",
    menuLabel: "O que sua empresa vê",
    icon: Eye,
    roles: everyone,
    menu: "none",
  },
  { path: "/help", title: "Ajuda", menuLabel: "Ajuda", icon: HelpCircle, roles: allRoles, menu: "bottom" },
];

export function screenFor(pathname: string): AppScreen | undefined {
  const clean = pathname.replace(/\/+$/, "") || "/";
  // A screen's own sub-pages (/content/:id) take its title and access rule.
  return (
    appScreens.find((screen) => screen.path === clean) ??
    appScreens.find((screen) => screen.path !== "/" && clean.startsWith(`${screen.path}/`))
  );
}

export function canOpen(screen: AppScreen, role: Role): boolean {
  return screen.roles.includes(role);
}

/** Where a role lands: a psychologist has no dashboard, their agenda is their home. */
export function homeFor(role: Role): string {
  return role === "psychologist" ? "/care/agenda" : "/dashboard";
}

/** Where to go after sign-in: the remembered origin if it is one of ours, else the dashboard. */
export function safeNext(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/dashboard";
  return next;
}
