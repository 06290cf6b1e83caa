/**
 * The signed-in screens: path, title, who may open them, and their menu label
 * and icon. The route guard, the page header and the menus read this one table;
 * where each role's menus place them is web/lib/role-menus.ts. (The server
 * enforces roles on its own.)
 */
import {
  BarChart3,
  BookOpen,
  Building2,
  CalendarClock,
  ClipboardCheck,
  Dumbbell,
  Eye,
  FileCheck,
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
  Sparkles,
  Stethoscope,
  Users,
  UsersRound,
} from "lucide-react";
import type { Role } from "#core/roles.ts";

export type AppScreen = {
  path: string;
  title: string;
  menuLabel: string;
  /** The phone's bottom bar has room for a word or two ('Apoio' for 'Apoio psicológico'). */
  tabLabel?: string;
  icon: LucideIcon;
  roles: readonly Role[];
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
    // A platform admin's home is the platform's (docs/decisions/050), not a member's check-in.
    roles: companyPeople,
  },
  {
    path: "/admin/inicio",
    title: "Visão geral",
    menuLabel: "Visão geral",
    icon: LayoutDashboard,
    roles: adminOnly,
  },
  {
    path: "/bem-estar",
    title: "Meu bem-estar",
    menuLabel: "Meu bem-estar",
    icon: Sparkles,
    // The WHO-5 is for people of a company (docs/decisions/077).
    roles: companyPeople,
  },
  {
    path: "/check-ins",
    title: "Check-ins diários",
    menuLabel: "Check-ins",
    icon: ClipboardCheck,
    roles: everyone,
  },
  {
    path: "/exercises",
    title: "Exercícios de mindfulness",
    menuLabel: "Exercícios",
    icon: Dumbbell,
    roles: everyone,
  },
  {
    path: "/content",
    title: "Biblioteca de conteúdos",
    menuLabel: "Conteúdos",
    icon: BookOpen,
    roles: everyone,
  },
  // Members redeem; managers also fulfil and keep their company's rewards; admins keep the platform's (docs/decisions/028).
  { path: "/rewards", title: "Recompensas", menuLabel: "Recompensas", icon: Gift, roles: everyone },
  // Canal de escuta (issue 35): every person of a company writes; /escuta/casos answers only the appointed handlers.
  {
    path: "/escuta/casos",
    title: "Casos do canal de escuta",
    menuLabel: "Casos do canal de escuta",
    icon: MessageSquareHeart,
    roles: companyPeople,
  },
  {
    path: "/escuta",
    title: "Canal de escuta",
    menuLabel: "Canal de escuta",
    icon: MessageSquareHeart,
    roles: companyPeople,
  },
  {
    path: "/care",
    title: "Apoio psicológico",
    menuLabel: "Apoio psicológico",
    tabLabel: "Apoio",
    icon: HeartHandshake,
    roles: companyPeople,
  },
  {
    path: "/care/agenda",
    title: "Minha agenda",
    menuLabel: "Agenda",
    icon: CalendarClock,
    roles: psychologistOnly,
  },
  {
    path: "/care/mensagens",
    title: "Mensagens",
    menuLabel: "Mensagens",
    icon: MessagesSquare,
    roles: ["user", "manager", "psychologist"],
  },
  {
    path: "/admin",
    title: "Administração",
    menuLabel: "Empresas",
    icon: Building2,
    roles: adminOnly,
    showsOwnRestriction: true,
  },
  {
    path: "/admin/exercises",
    title: "Gerenciar exercícios",
    menuLabel: "Gerenciar exercícios",
    icon: Dumbbell,
    roles: adminOnly,
    showsOwnRestriction: true,
  },
  {
    path: "/admin/psychologists",
    title: "Psicólogos(as)",
    menuLabel: "Psicólogos(as)",
    tabLabel: "Psicólogos",
    icon: Stethoscope,
    roles: adminOnly,
    showsOwnRestriction: true,
  },
  {
    path: "/admin/auditoria",
    title: "Registro de acessos",
    menuLabel: "Registro de acessos",
    tabLabel: "Acessos",
    icon: ScrollText,
    roles: adminOnly,
    showsOwnRestriction: true,
  },
  {
    path: "/group-sessions",
    title: "Sessões em grupo",
    menuLabel: "Sessões em grupo",
    tabLabel: "Grupos",
    icon: UsersRound,
    // Psychologists see the sessions they conduct (docs/decisions/024).
    roles: allRoles,
  },
  { path: "/team", title: "Gerenciar equipe", menuLabel: "Equipe", icon: Users, roles: team },
  {
    path: "/team/importar",
    title: "Importar pessoas",
    menuLabel: "Importar pessoas",
    icon: FileUp,
    roles: team,
  },
  {
    path: "/team/cartaz",
    title: "Cartaz de ativação",
    menuLabel: "Cartaz de ativação",
    icon: QrCode,
    roles: team,
  },
  {
    path: "/appointments",
    title: "Consultas",
    menuLabel: "Consultas",
    icon: CalendarClock,
    roles: team,
  },
  { path: "/reports", title: "Relatórios", menuLabel: "Relatórios", icon: BarChart3, roles: team },
  // Issue 47: the outcomes report, each figure with its n, completion rate and margin (docs/decisions/088).
  { path: "/resultados", title: "Resultados", menuLabel: "Resultados", icon: ClipboardCheck, roles: team },
  {
    path: "/risks",
    title: "Riscos psicossociais",
    menuLabel: "Riscos psicossociais",
    icon: ShieldAlert,
    roles: team,
  },
  {
    path: "/pesquisa-psicossocial",
    title: "Pesquisa de riscos psicossociais",
    menuLabel: "Pesquisa psicossocial",
    icon: ClipboardCheck,
    roles: everyone,
  },
  {
    path: "/conformidade",
    title: "Prevenção ao assédio",
    menuLabel: "Prevenção ao assédio",
    icon: ShieldCheck,
    roles: team,
  },
  {
    path: "/regras-de-conduta",
    title: "Regras de conduta",
    menuLabel: "Regras de conduta",
    icon: ScrollText,
    roles: companyPeople,
  },
  {
    path: "/pgr",
    title: "PGR: riscos psicossociais",
    menuLabel: "PGR da empresa",
    icon: FileCheck,
    roles: companyPeople,
  },
  {
    path: "/settings",
    title: "Configurações",
    menuLabel: "Configurações",
    icon: Settings,
    roles: allRoles,
  },
  {
    path: "/o-que-sua-empresa-ve",
    title: "O que sua empresa vê",
    menuLabel: "O que sua empresa vê",
    icon: Eye,
    roles: everyone,
  },
  { path: "/help", title: "Ajuda", menuLabel: "Ajuda", icon: HelpCircle, roles: allRoles },
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

/** Where a role lands: a psychologist's agenda, a platform admin's overview (docs/decisions/050), everyone else's Painel. */
export function homeFor(role: Role): string {
  if (role === "psychologist") return "/care/agenda";
  return role === "admin" ? "/admin/inicio" : "/dashboard";
}

/** Where to go after sign-in: the remembered origin if it is one of ours, else the role's home (the Painel until the role is known). */
export function safeNext(next: string | null | undefined, role?: Role): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\"))
    return role ? homeFor(role) : "/dashboard";
  return next;
}
