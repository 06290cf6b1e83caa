/** The whole route table (spec 2). Access rules live in lib/navigation.ts. */
import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("recursos", "routes/recursos.tsx"),
    route("sobre", "routes/sobre.tsx"),
    route("privacidade", "routes/privacidade.tsx"),
    route("termos", "routes/termos.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("confirm-account", "routes/confirm-account.tsx"),
  route("accept-invite", "routes/accept-invite.tsx"),
  route("excluir-conta", "routes/excluir-conta.tsx"),
  route("descadastrar", "routes/descadastrar.tsx"),
  layout("routes/app-layout.tsx", [
    route("dashboard", "routes/dashboard.tsx"),
    route("check-ins", "routes/check-ins.tsx"),
    route("exercises", "routes/exercises.tsx"),
    route("content", "routes/content.tsx"),
    route("content/:id", "routes/content-item.tsx"),
    route("rewards", "routes/rewards.tsx"),
    route("settings", "routes/settings.tsx"),
    route("o-que-sua-empresa-ve", "routes/o-que-sua-empresa-ve.tsx"),
    route("help", "routes/help.tsx"),
    route("admin", "routes/admin.tsx"),
    route("admin/exercises", "routes/admin.exercises.tsx"),
    route("admin/auditoria", "routes/admin.auditoria.tsx"),
    route("team", "routes/team.tsx"),
    route("appointments", "routes/appointments.tsx"),
    route("reports", "routes/reports.tsx"),
    route("group-sessions", "routes/group-sessions.tsx"),
    route("risks", "routes/risks.tsx"),
    route("pesquisa-psicossocial", "routes/pesquisa-psicossocial.tsx"),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
