export const roles = ["user", "manager", "admin", "psychologist"] as const;
export type Role = (typeof roles)[number];

/** How a role is named to people (spec 2: 'Membro', 'Gestor'). */
export const roleLabels: Record<Role, string> = {
  user: "Membro",
  manager: "Gestor",
  admin: "Administrador",
  psychologist: "Psicólogo(a)",
};

export function isTeamRole(role: Role): boolean {
  return role === "manager" || role === "admin";
}

/** A platform role with no company (docs/decisions/025): sees only their own agenda and patients. */
function isCareRole(role: Role): boolean {
  return role === "psychologist";
}

/**
 * Members and managers use Sereno through their company: removed from it (or
 * their company deleted) they have no way in until a new invitation
 * (docs/decisions/009). Admins and psychologists have no company by design.
 */
export function hasAccess(role: Role, companyId: string | null): boolean {
  return companyId !== null || role === "admin" || isCareRole(role);
}
