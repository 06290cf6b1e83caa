/** How the admin's care routes return a psychologist: the row, with the end of the verification worked out. */
import { verificationExpiresAt } from "#core/care.ts";
import type { psychologists } from "#server/db/schema/index.ts";

export function toAdminPsychologist(row: typeof psychologists.$inferSelect) {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    crpNumber: row.crpNumber,
    crpUf: row.crpUf,
    epsiConfirmedOn: row.epsiConfirmedOn,
    status: row.status,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    verificationExpiresAt: row.verifiedAt ? verificationExpiresAt(row.verifiedAt).toISOString() : null,
    hasAccount: row.userId !== null,
    photoUrl: row.photoUrl,
    approaches: row.approaches,
    specialties: row.specialties,
    languages: row.languages,
    online: row.online,
    inPersonCity: row.inPersonCity,
    bio: row.bio,
  };
}
