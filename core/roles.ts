export const roles = ["user", "manager", "admin"] as const;
export type Role = (typeof roles)[number];

/** How a role is named to people (spec 2: 'Membro', 'Gestor'). */
export const roleLabels: Record<Role, string> = {
  user: "Membro",
  manager: "Gestor",
  admin: "Administrador",
};

export function isTeamRole(role: Role): boolean {
  return role === "manager" || role === "admin";
}
