/**
 * The permission matrix (docs/decisions/018): every operation of
 * /api/openapi.json × every kind of caller, with the status each must get.
 * An operation added without a row here fails the test: decide who may call
 * it, then add the row. Columns: anonymous, member, member of another
 * company, manager, manager of another company, admin, psychologist (a
 * platform role with no company, docs/decisions/025). "Company A" owns every
 * id in the paths; "psychologist" owns every care id, and the member has
 * booked with them. Print the observed table with MATRIX_PRINT=1.
 */
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, ne, sql } from "drizzle-orm";
import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WELLBEING_CONSENT_VERSION } from "#core/consent.ts";
import { cpfFrom } from "#core/cpf.ts";
import { WHO5_CONSENT_VERSION } from "#core/who5.ts";
import {
  appointments,
  careSettings,
  companies,
  complianceSignedDocuments,
  content,
  exercises,
  groupSessionMaterials,
  groupSessionRegistrations,
  groupSessions,
  harassmentTrainings,
  invites,
  listeningAttachments,
  listeningCases,
  listeningHandlers,
  listeningMessages,
  mentalHealthGoals,
  passkeys,
  profiles,
  psychologists,
  rewardRedemptions,
  rewards,
  rosterApiHeld,
  rosterApiKeys,
  rosterImports,
  rosterPeople,
  scimTokens,
  session,
  ssoDomains,
  timeOff,
  user,
} from "#server/db/schema/index.ts";
import { type AccessName, declaredAccess } from "#server/features/auth/access.ts";
import { verifiedPsychologist, WEEKDAY_MORNINGS } from "#tests/api/care.ts";
import { exerciseForm, pdfBytes, pngBytes } from "#tests/api/files.ts";
import { riskFixture } from "#tests/api/risk-fixture.ts";
import { insertPreviewedImport, peopleOf, rosterCsv, rosterForm } from "#tests/api/roster.ts";
import { companyWithManager, signedInPerson, TEST_EPOCH } from "#tests/api/sessions.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, testClock } from "#tests/api/test-app.ts";
import { TEST_CERTIFICATE_PASSWORD, testCertificate } from "#tests/api/test-certificates.ts";

/** Well-formed WebAuthn answers to challenges that do not exist. */
const fakeRegistration = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", attestationObject: "AAAA" },
  clientExtensionResults: {},
};
const fakeAuthentication = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
  clientExtensionResults: {},
};

const callers = ["anonymous", "member", "otherMember", "manager", "otherManager", "admin", "psychologist"] as const;
type Caller = (typeof callers)[number];

// biome-ignore format: one row per operation reads as a table.
const expected: Record<string, [number, number, number, number, number, number, number]> = {
  "GET /api/health":                                   [200, 200, 200, 200, 200, 200, 200],
  "GET /api/config":                                   [200, 200, 200, 200, 200, 200, 200],
  "GET /api/me":                                       [401, 200, 200, 200, 200, 200, 200],
  "PATCH /api/me":                                     [401, 200, 200, 200, 200, 200, 200],
  "GET /api/me/whatsapp":                              [401, 200, 200, 200, 200, 403, 403],
  "POST /api/me/whatsapp":                             [401, 409, 409, 409, 409, 403, 403],
  "DELETE /api/me/whatsapp":                           [401, 200, 200, 200, 200, 403, 403],
  "POST /api/me/whatsapp/confirm":                     [401, 400, 400, 400, 400, 403, 403],
  "GET /api/me/msteams":                               [401, 200, 200, 200, 200, 403, 403],
  "PUT /api/me/msteams":                               [401, 409, 409, 409, 409, 403, 403],
  "DELETE /api/me/msteams":                            [401, 200, 200, 200, 200, 403, 403],
  "POST /api/me/msteams/link":                         [401, 400, 400, 400, 400, 403, 403],
  "GET /api/me/msteams/link":                          [401, 400, 400, 400, 400, 403, 403],
  "GET /api/me/privacy":                               [401, 200, 200, 200, 200, 200, 200],
  // Sessões ativas (docs/decisions/032): the {id} is a spare session of the member's; anyone else's is unknown to them.
  "GET /api/me/sessions":                              [401, 200, 200, 200, 200, 200, 200],
  "DELETE /api/me/sessions/{id}":                      [401, 200, 404, 404, 404, 404, 404],
  "POST /api/me/sessions/end-others":                  [401, 200, 200, 200, 200, 200, 200],
  "GET /api/me/passkeys":                              [401, 200, 200, 200, 200, 200, 200],
  "POST /api/me/passkeys/options":                     [401, 200, 200, 200, 200, 200, 200],
  "POST /api/me/passkeys":                             [401, 400, 400, 400, 400, 400, 400],
  "DELETE /api/me/passkeys/{id}":                      [401, 200, 404, 404, 404, 404, 404],
  "POST /api/passkeys/sign-in/options":                [200, 200, 200, 200, 200, 200, 200],
  "POST /api/passkeys/sign-in":                        [400, 400, 400, 400, 400, 400, 400],
  // Recovery codes (docs/decisions/055): anyone signed in may make their own; the code nobody has is a 404.
  "GET /api/me/recovery-code":                         [401, 200, 200, 200, 200, 200, 200],
  "POST /api/me/recovery-code":                        [401, 201, 201, 201, 201, 201, 201],
  "POST /api/recovery/check":                          [404, 404, 404, 404, 404, 404, 404],
  "POST /api/recovery/complete":                       [400, 400, 400, 400, 400, 400, 400],
  "GET /api/activation/{code}":                        [200, 200, 200, 200, 200, 200, 200],
  "POST /api/activation/{code}/check":                 [404, 404, 404, 404, 404, 404, 404],
  "POST /api/activation/{code}/complete":              [400, 400, 400, 400, 400, 400, 400],
  "GET /api/activation-poster":                        [401, 403, 403, 200, 403, 200, 403],
  "POST /api/email-confirmations":                     [400, 400, 400, 400, 400, 400, 400],
  "POST /api/me/consent":                              [401, 200, 200, 200, 200, 200, 200],
  "DELETE /api/me/consent":                            [401, 200, 200, 200, 200, 200, 200],
  // The WHO-5 (docs/decisions/077): people of a company only; each answers once (the matrix gives the consent first).
  "GET /api/me/who5":                                  [401, 200, 200, 200, 200, 403, 403],
  "POST /api/me/who5/consent":                         [401, 200, 200, 200, 200, 403, 403],
  "DELETE /api/me/who5/consent":                       [401, 200, 200, 200, 200, 403, 403],
  "POST /api/me/who5/dismissal":                       [401, 200, 200, 200, 200, 403, 403],
  "POST /api/me/who5/answers":                         [401, 201, 201, 201, 201, 403, 403],
  "GET /api/me/export.json":                           [401, 200, 200, 200, 200, 200, 200],
  "GET /api/me/export.html":                           [401, 200, 200, 200, 200, 200, 200],
  "POST /api/me/delete":                               [401, 400, 400, 400, 400, 400, 400],
  "POST /api/me/delete/confirm":                       [404, 404, 404, 404, 404, 404, 404],
  "POST /api/check-ins":                               [401, 409, 201, 201, 201, 201, 201],
  "GET /api/check-ins":                                [401, 200, 200, 200, 200, 200, 200],
  "GET /api/check-ins/today":                          [401, 200, 200, 200, 200, 200, 200],
  "GET /api/check-ins/{id}":                           [401, 200, 404, 404, 404, 404, 404],
  "PATCH /api/check-ins/{id}":                         [401, 200, 404, 404, 404, 404, 404],
  "DELETE /api/check-ins/{id}":                        [401, 200, 404, 404, 404, 404, 404],
  "GET /api/exercises":                                [401, 200, 200, 200, 200, 200, 200],
  "GET /api/exercises/quick":                          [401, 200, 200, 200, 200, 200, 200],
  "POST /api/exercises/{id}/complete":                 [401, 200, 200, 200, 200, 200, 200],
  "GET /api/content":                                  [401, 200, 200, 200, 200, 200, 200],
  "GET /api/content/{id}":                             [401, 200, 200, 200, 200, 200, 200],
  "GET /api/progress":                                 [401, 200, 200, 200, 200, 200, 200],
  "GET /api/activities":                               [401, 200, 200, 200, 200, 200, 200],
  "GET /api/companies":                                [401, 403, 403, 200, 200, 200, 403],
  "GET /api/team":                                     [401, 403, 403, 200, 403, 200, 403],
  "GET /api/team/invites":                             [401, 403, 403, 200, 403, 200, 403],
  "POST /api/team/invites":                            [401, 403, 403, 201, 403, 201, 403],
  "POST /api/team/invites/send-waiting":               [401, 403, 403, 200, 403, 200, 403],
  "DELETE /api/team/invites/{id}":                     [401, 403, 403, 200, 403, 200, 403],
  "POST /api/team/invites/{id}/resend":                [401, 403, 403, 201, 403, 201, 403],
  "DELETE /api/team/members/{userId}":                 [401, 403, 403, 200, 403, 200, 403],
  // Importar pessoas (issue 33): the company's manager and admins; {id} is a fresh previewed import of company A.
  "POST /api/roster/inspect":                          [401, 403, 403, 200, 403, 200, 403],
  "POST /api/roster/imports":                          [401, 403, 403, 201, 403, 201, 403],
  "GET /api/roster/imports/latest":                    [401, 403, 403, 200, 403, 200, 403],
  "GET /api/roster/imports/{id}":                      [401, 403, 403, 200, 403, 200, 403],
  "GET /api/roster/imports/{id}/rejections.csv":       [401, 403, 403, 200, 403, 200, 403],
  "POST /api/roster/imports/{id}/apply":               [401, 403, 403, 202, 403, 202, 403],
  "GET /api/roster/people":                            [401, 403, 403, 200, 403, 200, 403],
  // The HR API's keys (docs/decisions/044); {id} is a fresh key of company A.
  "GET /api/roster/api-keys":                          [401, 403, 403, 200, 403, 200, 403],
  "POST /api/roster/api-keys":                         [401, 403, 403, 201, 403, 201, 403],
  "DELETE /api/roster/api-keys/{id}":                  [401, 403, 403, 200, 403, 200, 403],
  // Resultados (docs/decisions/088): the company's managers and admins; the feed answers its own key only.
  "GET /api/resultados":                               [401, 403, 403, 200, 403, 200, 403],
  "GET /api/resultados/resumo.pdf":                    [401, 403, 403, 200, 403, 200, 403],
  "GET /api/resultados/resultados.xlsx":               [401, 403, 403, 200, 403, 200, 403],
  "GET /api/resultados/api-keys":                      [401, 403, 403, 200, 403, 200, 403],
  "POST /api/resultados/api-keys":                     [401, 403, 403, 201, 403, 201, 403],
  "DELETE /api/resultados/api-keys/{id}":              [401, 403, 403, 200, 403, 200, 403],
  "GET /api/v1/resultados/figuras":                    [401, 401, 401, 401, 401, 401, 401],
  "GET /api/v1/resultados/figuras.csv":                [401, 401, 401, 401, 401, 401, 401],
  "GET /api/roster/api-additions":                     [401, 403, 403, 200, 403, 200, 403],
  "GET /api/roster/api-held":                          [401, 403, 403, 200, 403, 200, 403],
  "POST /api/roster/api-held/confirm":                 [401, 403, 403, 200, 403, 200, 403],
  "POST /api/roster/api-held/discard":                 [401, 403, 403, 200, 403, 200, 403],
  // The HR API itself answers a bearer key only: a session, whoever holds it, is a 401.
  "PUT /api/v1/roster/people/{matricula}":             [401, 401, 401, 401, 401, 401, 401],
  "DELETE /api/v1/roster/people/{matricula}":          [401, 401, 401, 401, 401, 401, 401],
  "POST /api/v1/roster/sync":                          [401, 401, 401, 401, 401, 401, 401],
  "GET /api/v1/roster/sync/{id}":                      [401, 401, 401, 401, 401, 401, 401],
  // SCIM provisioning (decision 048): the platform admin keeps the company's token; /scim/v2 answers that token only.
  "GET /api/admin/companies/{id}/scim":                [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/companies/{id}/scim/token":         [401, 403, 403, 403, 403, 201, 403],
  "DELETE /api/admin/companies/{id}/scim/token":       [401, 403, 403, 403, 403, 200, 403],
  "GET /scim/v2/ServiceProviderConfig":                [401, 401, 401, 401, 401, 401, 401],
  "GET /scim/v2/ResourceTypes":                        [401, 401, 401, 401, 401, 401, 401],
  "GET /scim/v2/ResourceTypes/{id}":                   [401, 401, 401, 401, 401, 401, 401],
  "GET /scim/v2/Schemas":                              [401, 401, 401, 401, 401, 401, 401],
  "GET /scim/v2/Schemas/{id}":                         [401, 401, 401, 401, 401, 401, 401],
  "POST /scim/v2/Users":                               [401, 401, 401, 401, 401, 401, 401],
  "GET /scim/v2/Users":                                [401, 401, 401, 401, 401, 401, 401],
  "POST /scim/v2/Users/.search":                       [401, 401, 401, 401, 401, 401, 401],
  "GET /scim/v2/Users/{id}":                           [401, 401, 401, 401, 401, 401, 401],
  "PUT /scim/v2/Users/{id}":                           [401, 401, 401, 401, 401, 401, 401],
  "PATCH /scim/v2/Users/{id}":                         [401, 401, 401, 401, 401, 401, 401],
  "DELETE /scim/v2/Users/{id}":                        [401, 401, 401, 401, 401, 401, 401],
  "POST /scim/v2/Groups":                              [401, 401, 401, 401, 401, 401, 401],
  "GET /scim/v2/Groups":                               [401, 401, 401, 401, 401, 401, 401],
  "POST /scim/v2/Groups/.search":                      [401, 401, 401, 401, 401, 401, 401],
  "GET /scim/v2/Groups/{id}":                          [401, 401, 401, 401, 401, 401, 401],
  "PUT /scim/v2/Groups/{id}":                          [401, 401, 401, 401, 401, 401, 401],
  "PATCH /scim/v2/Groups/{id}":                        [401, 401, 401, 401, 401, 401, 401],
  "DELETE /scim/v2/Groups/{id}":                       [401, 401, 401, 401, 401, 401, 401],
  // A leaver's e-mailed link (issue 33): public; a token no leaver holds is unknown to everyone.
  "GET /api/me/export-link.html":                      [404, 404, 404, 404, 404, 404, 404],
  "GET /api/admin/companies":                          [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/companies":                         [401, 403, 403, 403, 403, 201, 403],
  "GET /api/admin/companies/{id}/members":             [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/companies/{id}/members":            [401, 403, 403, 403, 403, 201, 403],
  "DELETE /api/admin/companies/{id}/members/{userId}": [401, 403, 403, 403, 403, 200, 403],
  "DELETE /api/admin/companies/{id}":                  [401, 403, 403, 403, 403, 200, 403],
  "PATCH /api/admin/companies/{id}/plan":              [401, 403, 403, 403, 403, 200, 403],
  // Login único (docs/decisions/047): the platform admin's alone. A bad metadata XML is a 400; nothing to remove, a 404.
  "GET /api/admin/companies/{id}/sso":                 [401, 403, 403, 403, 403, 200, 403],
  "PUT /api/admin/companies/{id}/sso":                 [401, 403, 403, 403, 403, 400, 403],
  "DELETE /api/admin/companies/{id}/sso":              [401, 403, 403, 403, 403, 404, 403],
  "POST /api/admin/companies/{id}/sso/domains":        [401, 403, 403, 403, 403, 201, 403],
  "POST /api/admin/companies/{id}/sso/domains/{domainId}/verify": [401, 403, 403, 403, 403, 200, 403],
  "DELETE /api/admin/companies/{id}/sso/domains/{domainId}": [401, 403, 403, 403, 403, 200, 403],
  "GET /api/admin/companies/{id}/whatsapp":            [401, 403, 403, 403, 403, 200, 403],
  "PUT /api/admin/companies/{id}/whatsapp":            [401, 403, 403, 403, 403, 200, 403],
  "DELETE /api/admin/companies/{id}/whatsapp":         [401, 403, 403, 403, 403, 200, 403],
  "GET /api/admin/companies/{id}/msteams":             [401, 403, 403, 403, 403, 200, 403],
  "PUT /api/admin/companies/{id}/msteams":             [401, 403, 403, 403, 403, 200, 403],
  "DELETE /api/admin/companies/{id}/msteams":          [401, 403, 403, 403, 403, 200, 403],
  "GET /api/admin/companies/{id}/msteams/package":     [401, 403, 403, 403, 403, 409, 403],
  "PUT /api/admin/companies/{id}/working-days":        [401, 403, 403, 403, 403, 200, 403],
  // /login's side is public: an e-mail without SSO is a 404 for all; the provider's returns land on /login (303).
  "POST /api/sso/start":                               [404, 404, 404, 404, 404, 404, 404],
  "GET /api/sso/oidc/callback":                        [303, 303, 303, 303, 303, 303, 303],
  "GET /api/sso/saml/{companyId}/metadata":            [404, 404, 404, 404, 404, 404, 404],
  "POST /api/sso/saml/{companyId}/acs":                [303, 303, 303, 303, 303, 303, 303],
  "GET /api/admin/audit":                              [401, 403, 403, 403, 403, 200, 403],
  "GET /api/invites/lookup":                           [404, 404, 404, 404, 404, 404, 404],
  "POST /api/invites/accept":                          [404, 404, 404, 404, 404, 404, 404],
  "GET /api/team/summary":                             [401, 403, 403, 200, 403, 200, 403],
  "GET /api/reports":                                  [401, 403, 403, 200, 403, 200, 403],
  "GET /api/reports/export.csv":                       [401, 403, 403, 200, 403, 200, 403],
  "GET /api/admin/storage":                            [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/storage/setup":                     [401, 403, 403, 403, 403, 200, 403],
  "GET /api/admin/exercises":                          [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/exercises":                         [401, 403, 403, 403, 403, 201, 403],
  "DELETE /api/admin/exercises/{id}":                  [401, 403, 403, 403, 403, 200, 403],
  "GET /api/admin/jobs":                               [401, 403, 403, 403, 403, 200, 403],
  "GET /api/admin/home":                               [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/jobs/{name}/run":                   [401, 403, 403, 403, 403, 202, 403],
  "GET /api/reports/insights":                         [401, 403, 403, 200, 403, 200, 403],
  // Public (the e-mail's one-click link); a token not signed by the server is refused for everyone.
  "POST /api/unsubscribe":                             [400, 400, 400, 400, 400, 400, 400],
  // Care (issue 13, docs/decisions/025): members and managers book for themselves; the psychologist keeps their agenda.
  "GET /api/care/psychologists":                       [401, 200, 200, 200, 200, 403, 403],
  "GET /api/care/psychologists/{id}":                  [401, 200, 200, 200, 200, 403, 403],
  "GET /api/care/credits":                             [401, 200, 200, 200, 200, 403, 403],
  "POST /api/care/resume":                             [401, 200, 200, 200, 200, 403, 403],
  "GET /api/care/contact":                             [401, 200, 200, 200, 200, 403, 403],
  "PUT /api/care/contact":                             [401, 200, 200, 200, 200, 403, 403],
  "GET /api/care/appointments":                        [401, 200, 200, 200, 200, 403, 403],
  "POST /api/care/appointments":                       [401, 201, 201, 201, 201, 403, 403],
  "POST /api/care/appointments/{id}/cancel":           [401, 200, 404, 404, 404, 403, 403],
  "POST /api/care/appointments/{id}/reschedule":       [401, 200, 404, 404, 404, 403, 403],
  "GET /api/care/availability":                        [401, 403, 403, 403, 403, 403, 200],
  "PUT /api/care/availability":                        [401, 403, 403, 403, 403, 403, 200],
  "POST /api/care/time-off":                           [401, 403, 403, 403, 403, 403, 201],
  "DELETE /api/care/time-off/{id}":                    [401, 403, 403, 403, 403, 403, 200],
  "GET /api/care/agenda":                              [401, 403, 403, 403, 403, 403, 200],
  "POST /api/care/agenda/{id}/mark":                   [401, 403, 403, 403, 403, 403, 200],
  "GET /api/care/threads":                             [401, 200, 200, 200, 200, 403, 200],
  "GET /api/care/threads/{otherId}":                   [401, 200, 403, 403, 403, 403, 200],
  "POST /api/care/threads/{otherId}":                  [401, 201, 403, 403, 403, 403, 201],
  // PHQ-9 and GAD-7 (decision 079): the member and their psychologist only, never a company role or the admin.
  "GET /api/care/measures":                            [401, 200, 200, 200, 200, 403, 403],
  "POST /api/care/measures":                           [401, 201, 404, 404, 404, 403, 403],
  "GET /api/care/measures/alerts":                     [401, 403, 403, 403, 403, 403, 200],
  "GET /api/care/patients/{memberId}/measures":        [401, 403, 403, 403, 403, 403, 200],
  "POST /api/care/measures/{id}/acknowledge":          [401, 403, 403, 403, 403, 403, 404],
  // Company roles see counts only; they never read an appointment or a message.
  "GET /api/care/usage":                               [401, 403, 403, 200, 403, 200, 403],
  "GET /api/reports/channel-reach":                    [401, 403, 403, 200, 403, 200, 403],
  "GET /api/admin/psychologists":                      [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/psychologists":                     [401, 403, 403, 403, 403, 201, 403],
  "POST /api/admin/psychologists/{id}/verify":         [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/psychologists/{id}/suspend":        [401, 403, 403, 403, 403, 200, 403],
  "PUT /api/admin/psychologists/{id}":                 [401, 403, 403, 403, 403, 200, 403],
  "PUT /api/admin/psychologists/{id}/photo":           [401, 403, 403, 403, 403, 200, 403],
  "DELETE /api/admin/psychologists/{id}/photo":        [401, 403, 403, 403, 403, 200, 403],
  "GET /api/admin/companies/{id}/care":                [401, 403, 403, 403, 403, 200, 403],
  "PUT /api/admin/companies/{id}/care":                [401, 403, 403, 403, 403, 200, 403],
  "GET /api/admin/care/summary":                       [401, 403, 403, 403, 403, 200, 403],
  // Canal de escuta (issue 35): company A's member is its handler, its manager is not; follow-ups answer protocol and secret only.
  "GET /api/escuta/responsaveis":                      [401, 200, 200, 200, 200, 403, 403],
  "POST /api/escuta/casos":                            [401, 201, 201, 201, 201, 403, 403],
  "POST /api/escuta/acompanhar":                       [404, 404, 404, 404, 404, 404, 404],
  "POST /api/escuta/acompanhar/mensagens":             [404, 404, 404, 404, 404, 404, 404],
  "GET /api/escuta/casos":                             [401, 200, 403, 403, 403, 403, 403],
  "GET /api/escuta/casos/novos":                       [401, 200, 403, 403, 403, 403, 403],
  "GET /api/escuta/casos/{id}":                        [401, 200, 403, 403, 403, 403, 403],
  "PATCH /api/escuta/casos/{id}":                      [401, 200, 403, 403, 403, 403, 403],
  "POST /api/escuta/casos/{id}/mensagens":             [401, 201, 403, 403, 403, 403, 403],
  "GET /api/escuta/casos/{id}/anexos/{attachmentId}":  [401, 200, 403, 403, 403, 403, 403],
  "POST /api/escuta/acompanhar/anexos/{attachmentId}": [404, 404, 404, 404, 404, 404, 404],
  "GET /api/escuta/numeros":                           [401, 403, 403, 200, 403, 200, 403],
  "GET /api/admin/companies/{id}/escuta":              [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/companies/{id}/escuta/responsaveis": [401, 403, 403, 403, 403, 201, 403],
  "DELETE /api/admin/companies/{id}/escuta/responsaveis/{handlerId}": [401, 403, 403, 403, 403, 200, 403],
  "PUT /api/admin/companies/{id}/escuta/guarda":       [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/companies/{id}/roster-api-allowance": [401, 403, 403, 403, 403, 201, 403],
  "GET /api/points":                                   [401, 200, 200, 200, 200, 200, 200],
  "GET /api/rewards":                                  [401, 200, 200, 200, 200, 200, 200],
  // A 1-point company A reward: member and manager of A have points from earlier rows; admins never redeem (docs/decisions/028).
  "POST /api/rewards/{id}/redeem":                     [401, 201, 404, 201, 404, 403, 403],
  "GET /api/company/rewards":                          [401, 403, 403, 200, 200, 403, 403],
  "POST /api/company/rewards":                         [401, 403, 403, 201, 201, 403, 403],
  "PATCH /api/company/rewards/{id}":                   [401, 403, 403, 200, 404, 403, 403],
  "GET /api/company/redemptions":                      [401, 403, 403, 200, 200, 403, 403],
  "POST /api/company/redemptions/{id}/deliver":        [401, 403, 403, 200, 404, 403, 403],
  "POST /api/company/redemptions/{id}/cancel":         [401, 403, 403, 200, 404, 403, 403],
  "GET /api/admin/rewards":                            [401, 403, 403, 403, 403, 200, 403],
  "POST /api/admin/rewards":                           [401, 403, 403, 403, 403, 201, 403],
  "PATCH /api/admin/rewards/{id}":                     [401, 403, 403, 403, 403, 200, 403],
  // Group sessions (docs/decisions/024): company A's session, upcoming; "{id}/attendance" ones are past.
  "GET /api/group-sessions/manage":                    [401, 403, 403, 200, 403, 200, 403],
  "POST /api/group-sessions":                          [401, 403, 403, 201, 403, 201, 403],
  "PATCH /api/group-sessions/{id}":                    [401, 403, 403, 200, 404, 200, 403],
  "POST /api/group-sessions/{id}/cancel":              [401, 403, 403, 200, 404, 200, 403],
  "GET /api/group-sessions":                           [401, 200, 200, 200, 200, 403, 403],
  "POST /api/group-sessions/{id}/registration":        [401, 201, 404, 201, 404, 403, 403],
  "DELETE /api/group-sessions/{id}/registration":      [401, 200, 404, 200, 404, 403, 403],
  "GET /api/group-sessions/{id}/calendar.ics":         [401, 200, 404, 200, 404, 403, 403],
  "POST /api/group-sessions/{id}/feedback":            [401, 201, 404, 201, 404, 403, 403],
  "PUT /api/group-sessions/{id}/attendance":           [401, 403, 403, 200, 404, 200, 200],
  "GET /api/group-sessions/options":                   [401, 403, 403, 200, 403, 200, 403],
  "GET /api/group-sessions/facilitating":              [401, 403, 403, 403, 403, 403, 200],
  "POST /api/group-sessions/{id}/materials":           [401, 403, 403, 201, 404, 201, 201],
  "GET /api/group-sessions/{id}/materials/{materialId}": [401, 200, 404, 200, 404, 200, 200],
  "DELETE /api/group-sessions/{id}/materials/{materialId}": [401, 403, 403, 200, 404, 200, 200],
  "GET /api/group-sessions/{id}/attendance.csv":       [401, 403, 403, 200, 404, 200, 403],
  // NR-1 (docs/decisions/026): the company's manager and admins run it; members answer and read what is published.
  "GET /api/risks":                                    [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/establishments":                    [401, 403, 403, 201, 403, 201, 403],
  "POST /api/risks/sectors":                           [401, 403, 403, 201, 403, 201, 403],
  "PATCH /api/risks/sectors/{id}":                     [401, 403, 403, 200, 403, 200, 403],
  "DELETE /api/risks/sectors/{id}":                    [401, 403, 403, 200, 403, 200, 403],
  "PUT /api/risks/sector-members":                     [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/criteria":                          [401, 403, 403, 201, 403, 201, 403],
  "PATCH /api/risks/criteria/{id}":                    [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/criteria/{id}/publish":             [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/campaigns":                         [401, 403, 403, 201, 403, 201, 403],
  "POST /api/risks/campaigns/{id}/open":               [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/campaigns/{id}/remind":             [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/campaigns/{id}/close":              [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/campaigns/{id}/publish":            [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/campaigns/{id}/results":             [401, 403, 403, 200, 403, 200, 403],
  "PUT /api/risks/campaigns/{id}/assessments":         [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/campaigns/{id}/assessments":         [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/campaigns/{id}/inventory":          [401, 403, 403, 201, 403, 201, 403],
  "GET /api/risks/campaigns/{id}/inventory-preview":   [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/inventory-versions/{id}/export.pdf": [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/inventory-versions/{id}/export.xlsx": [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/campaigns/{id}/export.csv":          [401, 403, 403, 200, 403, 200, 403],
  // The Lei 14.457 file (docs/decisions/090): the company's managers; anyone signed in reads the conduct rules and marks attendance by code.
  "POST /api/compliance/conduct":                      [401, 403, 403, 201, 403, 201, 403],
  "GET /api/compliance/conduct":                       [401, 200, 200, 200, 200, 200, 200],
  "POST /api/compliance/conduct/acknowledge":          [401, 200, 404, 200, 404, 404, 404],
  "POST /api/compliance/trainings":                    [401, 403, 403, 201, 403, 201, 403],
  "POST /api/compliance/trainings/{id}/attendance":    [401, 403, 403, 200, 403, 200, 403],
  "POST /api/compliance/attendance":                   [401, 404, 404, 404, 404, 404, 404],
  "GET /api/compliance/harassment-file":               [401, 403, 403, 200, 403, 200, 403],
  "GET /api/compliance/harassment-file.pdf":           [401, 403, 403, 200, 403, 200, 403],
  // Their signed versions (docs/decisions/098): the company's own responsible person signs, never the platform's admin.
  "POST /api/compliance/signed-documents/{kind}":       [401, 403, 403, 200, 403, 403, 403],
  "GET /api/compliance/signed-documents":               [401, 403, 403, 200, 403, 200, 403],
  "GET /api/compliance/signed-documents/{id}/signed.pdf": [401, 403, 403, 200, 403, 200, 403],
  // The Lei 14.831 dossier (docs/decisions/094): the company's managers; anyone signed in reads their company's notices.
  "POST /api/dossier/goals":                           [401, 403, 403, 201, 403, 201, 403],
  "POST /api/dossier/goals/{goalId}/reviews":          [401, 403, 403, 201, 403, 201, 403],
  "POST /api/dossier/notices":                         [401, 403, 403, 201, 403, 201, 403],
  "GET /api/notices":                                  [401, 200, 200, 200, 200, 200, 200],
  "GET /api/dossier":                                  [401, 403, 403, 200, 403, 200, 403],
  "GET /api/dossier.pdf":                              [401, 403, 403, 200, 403, 200, 403],
  "GET /api/dossier.xlsx":                             [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/actions":                           [401, 403, 403, 201, 403, 201, 403],
  "PATCH /api/risks/actions/{id}":                     [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/actions/{id}/files":                [401, 403, 403, 201, 403, 201, 403],
  "POST /api/risks/establishments/{id}/records":       [401, 403, 403, 201, 403, 201, 403],
  "POST /api/risks/records/{id}/files":                [401, 403, 403, 201, 403, 201, 403],
  "PATCH /api/risks/establishments/{id}":              [401, 403, 403, 200, 403, 200, 403],
  // Actions re-measured (docs/decisions/091): the fixture's action names no dimension, so a verdict is a 400 past the access.
  "GET /api/risks/sst-export.xlsx":                    [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/actions/{id}/effect":                [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/actions/{id}/verdict":              [401, 403, 403, 400, 403, 400, 403],
  // Editing an open action's dimensions (docs/decisions/098): an unknown one is the 400 past the access.
  "PUT /api/risks/actions/{id}/dimensions":            [401, 403, 403, 400, 403, 400, 403],
  "POST /api/risks/review-triggers/{id}/close":        [401, 403, 403, 200, 403, 200, 403],
  "POST /api/risks/establishments/{id}/review-triggers": [401, 403, 403, 201, 403, 201, 403],
  "PATCH /api/risks/records/{id}":                     [401, 403, 403, 200, 403, 200, 403],
  "DELETE /api/risks/records/{id}":                    [401, 403, 403, 200, 403, 200, 403],
  "DELETE /api/risks/records/{id}/files":              [401, 403, 403, 200, 403, 200, 403],
  "DELETE /api/risks/actions/{id}/files":              [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/records/{id}/files":                 [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/actions/{id}/files":                 [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/establishments/{id}/export.pdf":     [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/establishments/{id}/export.xlsx":    [401, 403, 403, 200, 403, 200, 403],
  // Only an invited member answers, once; anyone signed in asks whether a survey waits for them.
  "GET /api/risks/survey":                             [401, 200, 200, 200, 200, 200, 200],
  "POST /api/risks/survey/{id}":                       [401, 201, 404, 404, 404, 404, 404],
  "GET /api/risks/published":                          [401, 200, 200, 200, 200, 200, 200],
  // The signed PGR annex (docs/decisions/081, 082): the company's manager signs (never an admin); every member reads it.
  "POST /api/risks/inventory-versions/{id}/signature": [401, 403, 403, 200, 404, 403, 403],
  "GET /api/risks/inventory-signatures":               [401, 403, 403, 200, 403, 200, 403],
  "GET /api/risks/inventory-signatures/{id}/signed.pdf": [401, 403, 403, 200, 403, 200, 403],
  "GET /api/pgr":                                      [401, 200, 200, 200, 200, 403, 403],
  "POST /api/pgr/{id}/view":                           [401, 200, 404, 200, 404, 403, 403],
  "GET /api/pgr/{id}/download.pdf":                    [401, 200, 404, 200, 404, 403, 403],
  "GET /api/push/key":                                 [200, 200, 200, 200, 200, 200, 200],
  "POST /api/push/subscriptions":                      [401, 201, 201, 201, 201, 201, 201],
  "DELETE /api/push/subscriptions":                    [401, 200, 200, 200, 200, 200, 200],
};

/**
 * What each kind of declared access means for a row (columns as in `callers`):
 * the statuses the rule alone decides. What the handler then answers (200,
 * 404 for someone else's id, 400 for a body) is the row's own.
 */
const refusedBy = (status: number) => (code: number | undefined) => code === status;
const passes = (code: number | undefined) => code !== undefined && code !== 401 && code !== 403;
const fitsAccess: Record<AccessName, (row: number[]) => boolean> = {
  // The route's own token, code or signature decides: every caller the same.
  public: (row) => row.every((code) => code === row[0]),
  // A bearer key or token, never a session: 401 for every session.
  hrKey: (row) => row.every(refusedBy(401)),
  resultadosKey: (row) => row.every(refusedBy(401)),
  scim: (row) => row.every(refusedBy(401)),
  signedIn: ([anonymous, ...rest]) => anonymous === 401 && rest.every((code) => code !== 401),
  consented: ([anonymous, ...rest]) => anonymous === 401 && rest.every((code) => code !== 401),
  roles: ([anonymous, ...rest]) => anonymous === 401 && rest.some(passes),
  admin: ([anonymous, member, otherMember, manager, otherManager, admin, psychologist]) =>
    anonymous === 401 &&
    [member, otherMember, manager, otherManager, psychologist].every(refusedBy(403)) &&
    passes(admin),
  psychologist: ([anonymous, member, otherMember, manager, otherManager, admin, psychologist]) =>
    anonymous === 401 &&
    [member, otherMember, manager, otherManager, admin].every(refusedBy(403)) &&
    passes(psychologist),
  companyManager: ([anonymous, member, otherMember, manager, , admin, psychologist]) =>
    anonymous === 401 && [member, otherMember, psychologist].every(refusedBy(403)) && passes(manager) && passes(admin),
  // Company A's member is its handler; nobody else is.
  handler: ([anonymous, member, ...rest]) => anonymous === 401 && passes(member) && rest.every(refusedBy(403)),
};

let t: TestApp;
let operations: string[];
const as: Partial<Record<Caller, (request: InjectOptions) => Promise<{ statusCode: number; body: string }>>> = {};
const ids: Record<string, string> = {};
let risk: Awaited<ReturnType<typeof riskFixture>>;

async function seat(companyId: string): Promise<string> {
  const id = randomUUID();
  const email = `assento-${id}@exemplo.com.br`;
  await t.db.insert(user).values({ id, name: "Assento", email, emailVerified: true, createdAt: TEST_EPOCH });
  await t.db.insert(profiles).values({ userId: id, name: "Assento", email, companyId, createdAt: TEST_EPOCH });
  return id;
}

/**
 * The app's clock, fixed: on the real one the member's check-in of beforeAll was yesterday's once the run passed
 * midnight in São Paulo (03:00 UTC), and their second check-in answered 201 instead of 409. Times the app reads
 * (slots, appointments, sessions, time off) are set from this clock; expiries the database checks with its own
 * now() (sessions, invites) stay on the real one.
 */
const clock = testClock("2026-11-23T10:00:00-03:00");
const at = (msFromNow: number) => new Date(clock.now().getTime() + msFromNow);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  const a = await companyWithManager(t.app, t.db);
  const b = await companyWithManager(t.app, t.db);
  const member = await signedInPerson(t.app, t.db, { companyId: a.company.id });
  const otherMember = await signedInPerson(t.app, t.db, { companyId: b.company.id });
  const admin = await signedInPerson(t.app, t.db, { role: "admin" });
  as.anonymous = (request) => t.app.inject({ ...request, headers: { origin: TEST_ORIGIN, ...request.headers } });
  as.member = member.as;
  as.otherMember = otherMember.as;
  as.manager = a.manager.as;
  as.otherManager = b.manager.as;
  as.admin = admin.as;
  const psychologist = await verifiedPsychologist(t, admin.as);
  as.psychologist = psychologist.as;
  ids.psychologist = psychologist.id;
  ids.member = member.userId;
  ids.memberCookie = member.cookie;
  for (const companyId of [a.company.id, b.company.id]) {
    await t.db.insert(careSettings).values({ companyId, sessionsPerCycle: 100, cycle: "month" });
  }
  const page = (await member.as({ url: `/api/care/psychologists/${psychologist.id}` })).json();
  await member.as({
    method: "POST",
    url: "/api/care/appointments",
    payload: { psychologistId: psychologist.id, startsAt: page.slots[0].startsAt, acceptTerms: true },
  });
  // A psychologist only the member has booked with: the thread others must be refused.
  const [onlyMine] = await t.db
    .insert(psychologists)
    .values({
      fullName: "Psi da Pessoa",
      email: "psi-da-pessoa@exemplo.com.br",
      crpNumber: "06/4321",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-01",
    })
    .returning({ id: psychologists.id });
  ids.memberPsychologist = onlyMine?.id ?? "";
  await t.db.insert(appointments).values({
    psychologistId: ids.memberPsychologist,
    memberId: member.userId,
    companyId: a.company.id,
    startsAt: at(50 * 86_400_000),
    endsAt: at(50 * 86_400_000 + 50 * 60_000),
  });
  ids.companyA = a.company.id;
  ids.manager = a.manager.userId;
  ids.memberA = member.userId;
  ids.checkIn = (await member.as({ method: "POST", url: "/api/check-ins", payload: { mood: 4 } })).json().checkIn.id;
  const [exercise] = await t.db.select({ id: exercises.id }).from(exercises).limit(1);
  const [item] = await t.db.select({ id: content.id }).from(content).limit(1);
  ids.exercise = exercise?.id ?? randomUUID();
  ids.content = item?.id ?? randomUUID();
  risk = await riskFixture(t.db, t.app.deps.storage, a.company.id, member.userId);
  await t.db
    .insert(listeningHandlers)
    .values({ companyId: a.company.id, userId: member.userId, appointedOn: "2026-01-01" });
  const [heard] = await t.db
    .insert(listeningCases)
    .values({
      companyId: a.company.id,
      protocol: "ESC-MTRX-2345",
      secretHash: "00",
      kind: "mensagem",
      category: "sugestao",
      receivedOn: "2026-01-01",
    })
    .returning({ id: listeningCases.id });
  ids.listeningCase = heard?.id ?? "";
  const doc = (await t.app.inject({ url: "/api/openapi.json" })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.keys(byMethod).map((method) => `${method.toUpperCase()} ${path}`),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function groupSessionBody() {
  return {
    title: "Oficina",
    description: "",
    facilitatorName: "Renata",
    startsAt: at(86_400_000).toISOString(),
    durationMinutes: 60,
    capacity: 10,
    modality: "in_person" as const,
    location: "Sala 1",
  };
}

/**
 * A fresh session of company A for each call, in the state the operation
 * needs: feedback and attendance on a past one, with the caller registered
 * when they are a member or manager of company A (their registration is what
 * a feedback or a cancellation acts on).
 */
async function groupSessionFor(operation: string, companyA: string): Promise<string> {
  const isPast = operation.includes("/feedback") || operation.includes("/attendance");
  const startsAt = at((isPast ? -3 : 24) * 3_600_000);
  const [session] = await t.db
    .insert(groupSessions)
    .values({
      ...groupSessionBody(),
      kind: "workshop",
      audience: "company",
      companyId: companyA,
      startsAt,
      // The matrix psychologist conducts it: they mark its attendance (docs/decisions/024).
      facilitatorPsychologistId: ids.psychologist ?? null,
    })
    .returning({ id: groupSessions.id });
  const id = session?.id ?? randomUUID();
  const needsPlace =
    operation.startsWith("DELETE /api/group-sessions/{id}/registration") ||
    operation.includes("calendar") ||
    operation.includes("feedback") ||
    operation.startsWith("GET /api/group-sessions/{id}/materials");
  if (needsPlace) {
    for (const userId of [ids.member, ids.manager]) {
      if (userId) await t.db.insert(groupSessionRegistrations).values({ sessionId: id, userId, status: "registered" });
    }
  }
  return id;
}

/** A fresh target for each call, so one caller's success does not change what the next one sees. */
let offGrid = 0;
/** A fresh appointment of the member with the matrix psychologist, off the slot grid so it takes no free slot. */
async function appointmentAt(offsetMs: number): Promise<string> {
  offGrid += 1;
  const startsAt = at(offsetMs + offGrid * 7 * 60_000);
  const [row] = await t.db
    .insert(appointments)
    .values({
      psychologistId: ids.psychologist ?? "",
      memberId: ids.member ?? "",
      companyId: ids.companyA ?? null,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * 60_000),
    })
    .returning({ id: appointments.id });
  return row?.id ?? "";
}

/** The first slot of the matrix psychologist nobody holds: the list is a day behind others' bookings (decision 025). */
async function freeSlot(): Promise<string> {
  const page = await t.app.inject({
    url: `/api/care/psychologists/${ids.psychologist}`,
    headers: { origin: TEST_ORIGIN, cookie: ids.memberCookie ?? "" },
  });
  const held = await t.db
    .select({ startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(eq(appointments.psychologistId, ids.psychologist ?? ""), ne(appointments.status, "cancelled")));
  const taken = new Set(held.map((row) => row.startsAt.getTime()));
  const slots = page.json().slots as { startsAt: string }[];
  return slots.find((slot) => !taken.has(Date.parse(slot.startsAt)))?.startsAt ?? "";
}

async function requestFor(
  operation: string,
  caller: Caller,
): Promise<{ url: string; payload?: unknown; headers?: Record<string, string> }> {
  const [, path = ""] = operation.split(" ");
  const unique = randomUUID().slice(0, 8);
  const companyA = ids.companyA ?? "";
  let url = path;
  const fill = (name: string, value: string) => {
    url = url.replace(`{${name}}`, value);
  };
  if (path === "/api/me/sessions/{id}") {
    const id = randomUUID();
    const expiresAt = new Date(Date.now() + 86_400_000);
    await t.db.insert(session).values({ id, token: randomUUID(), userId: ids.member ?? "", expiresAt });
    fill("id", id);
  }
  if (path === "/api/me/passkeys/{id}") {
    const [key] = await t.db
      .insert(passkeys)
      .values({ userId: ids.member ?? "", credentialId: unique, publicKey: "AA", name: "Chrome no Linux" })
      .returning({ id: passkeys.id });
    fill("id", key?.id ?? "");
  }
  if (path.startsWith("/api/activation/{code}")) {
    const [company] = await t.db
      .select({ code: companies.activationCode })
      .from(companies)
      .where(eq(companies.id, companyA));
    fill("code", company?.code ?? "");
  }
  if (path.startsWith("/api/check-ins/")) fill("id", ids.checkIn ?? "");
  if (path.startsWith("/api/exercises/")) fill("id", ids.exercise ?? "");
  if (path.startsWith("/api/content/")) fill("id", ids.content ?? "");
  if (path.startsWith("/api/team/invites/{id}")) {
    const [invite] = await t.db
      .insert(invites)
      .values({
        companyId: companyA,
        email: `convite-${unique}@exemplo.com.br`,
        name: "Convidada",
        role: "user",
        kind: "team",
        tokenHash: randomUUID(),
        inviterName: "Gestora Gil",
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: invites.id });
    fill("id", invite?.id ?? "");
  }
  if (path.includes("{userId}")) fill("userId", await seat(companyA));
  if (path.startsWith("/api/group-sessions/{id}")) {
    const sessionId = await groupSessionFor(operation, companyA);
    fill("id", sessionId);
    if (path.includes("{materialId}")) {
      const key = `materials/${randomUUID()}.pdf`;
      await t.app.deps.storage.put(key, Readable.from([pdfBytes]), "application/pdf");
      const [material] = await t.db
        .insert(groupSessionMaterials)
        .values({ sessionId, fileName: "roteiro.pdf", contentType: "application/pdf", sizeBytes: 10, storageKey: key })
        .returning({ id: groupSessionMaterials.id });
      fill("materialId", material?.id ?? "");
    }
  }
  if (path === "/api/care/psychologists/{id}") fill("id", ids.psychologist ?? "");
  if (path.startsWith("/api/care/appointments/")) fill("id", await appointmentAt(40 * 86_400_000));
  if (path === "/api/care/agenda/{id}/mark") fill("id", await appointmentAt(-3 * 86_400_000));
  if (path === "/api/care/patients/{memberId}/measures") fill("memberId", ids.member ?? "");
  if (path === "/api/care/measures/{id}/acknowledge") fill("id", randomUUID());
  if (path.startsWith("/api/care/threads/"))
    fill("otherId", caller === "psychologist" ? (ids.member ?? "") : (ids.memberPsychologist ?? ""));
  if (path === "/api/care/time-off/{id}") {
    const [row] = await t.db
      .insert(timeOff)
      .values({
        psychologistId: ids.psychologist ?? "",
        startsAt: at(60 * 86_400_000),
        endsAt: at(61 * 86_400_000),
      })
      .returning({ id: timeOff.id });
    fill("id", row?.id ?? "");
  }
  if (path.startsWith("/api/admin/psychologists/")) {
    const [row] = await t.db
      .insert(psychologists)
      .values({
        fullName: "Psi Descartável",
        email: `psi-${unique}@exemplo.com.br`,
        crpNumber: "06/1234",
        crpUf: "SP",
        epsiConfirmedOn: "2026-01-01",
      })
      .returning({ id: psychologists.id });
    fill("id", row?.id ?? "");
  }
  if (path === "/api/admin/companies/{id}") {
    const [company] = await t.db
      .insert(companies)
      .values({ name: `Descartável ${unique}`, plan: "essencial" })
      .returning();
    fill("id", company?.id ?? "");
  }
  if (path.startsWith("/api/admin/companies/")) fill("id", companyA);
  if (path.startsWith("/api/escuta/casos/{id}")) fill("id", ids.listeningCase ?? "");
  if (path.includes("/anexos/{attachmentId}")) {
    const caseId = ids.listeningCase ?? "";
    const [message] = await t.db
      .insert(listeningMessages)
      .values({
        caseId,
        seq: sql`(select coalesce(max(seq), 0) + 1 from listening_messages where case_id = ${caseId})`,
        author: "reporter",
        body: "x",
        writtenOn: "2026-01-01",
      })
      .returning({ id: listeningMessages.id });
    const key = `escuta/${randomUUID()}.pdf`;
    await t.app.deps.storage.put(key, Readable.from([pdfBytes]), "application/pdf");
    const [file] = await t.db
      .insert(listeningAttachments)
      .values({
        caseId,
        messageId: message?.id ?? "",
        position: 1,
        fileName: "anexo-1.pdf",
        contentType: "application/pdf",
        sizeBytes: pdfBytes.length,
        storageKey: key,
      })
      .returning({ id: listeningAttachments.id });
    fill("attachmentId", file?.id ?? "");
  }
  if (path.endsWith("/escuta/responsaveis/{handlerId}")) {
    const [handler] = await t.db
      .insert(listeningHandlers)
      .values({ companyId: companyA, userId: await seat(companyA), appointedOn: "2026-01-01" })
      .returning({ id: listeningHandlers.id });
    fill("handlerId", handler?.id ?? "");
  }
  if (path.includes("{domainId}")) {
    const [domain] = await t.db
      .insert(ssoDomains)
      .values({ companyId: companyA, domain: `d-${unique}.com.br`, verificationToken: unique })
      .returning({ id: ssoDomains.id });
    fill("domainId", domain?.id ?? "");
  }
  fill("companyId", companyA);
  fill("name", "retention");
  if (path === "/api/admin/exercises/{id}") {
    const [exercise] = await t.db
      .insert(exercises)
      .values({
        title: { "pt-BR": "Descartável" },
        description: { "pt-BR": "Descartável" },
        category: "breathing",
        duration: "1 min",
        requiredLevel: 1,
        xpReward: 10,
        mediaType: "link",
        mediaUrl: "https://exemplo.com.br",
      })
      .returning({ id: exercises.id });
    fill("id", exercise?.id ?? "");
  }
  if (path === "/api/rewards/{id}/redeem" || path === "/api/company/rewards/{id}") {
    const [reward] = await t.db
      .insert(rewards)
      .values({ companyId: companyA, title: `Recompensa ${unique}`, pointsCost: 1 })
      .returning({ id: rewards.id });
    fill("id", reward?.id ?? "");
  }
  if (path === "/api/admin/rewards/{id}") {
    const [reward] = await t.db
      .insert(rewards)
      .values({ title: `Recompensa ${unique}`, pointsCost: 1 })
      .returning({ id: rewards.id });
    fill("id", reward?.id ?? "");
  }
  if (path.startsWith("/api/company/redemptions/{id}")) {
    const [redemption] = await t.db
      .insert(rewardRedemptions)
      .values({ userId: await seat(companyA), companyId: companyA, rewardTitle: "Um livro", pointsCost: 1 })
      .returning({ id: rewardRedemptions.id });
    fill("id", redemption?.id ?? "");
  }
  const scoped = [
    "/api/team",
    "/api/team/invites",
    "/api/team/summary",
    "/api/reports",
    "/api/reports/export.csv",
    "/api/reports/insights",
    "/api/group-sessions/manage",
    "/api/group-sessions/options",
    "/api/care/usage",
    "/api/reports/channel-reach",
    "/api/activation-poster",
    "/api/escuta/numeros",
    "/api/resultados",
    "/api/resultados/resumo.pdf",
    "/api/resultados/resultados.xlsx",
    "/api/resultados/api-keys",
    "/api/resultados/api-keys/{id}",
  ];
  if (path.startsWith("/api/roster/imports/{id}")) {
    // One import at a time per company: an earlier caller's applied import is finished first.
    await t.db.update(rosterImports).set({ status: "done" }).where(eq(rosterImports.companyId, companyA));
    fill("id", await insertPreviewedImport(t.db, { companyId: companyA, by: "gestora@exemplo.com.br" }));
  }
  if (path === "/api/roster/api-keys/{id}" || path === "/api/resultados/api-keys/{id}") {
    const [key] = await t.db
      .insert(rosterApiKeys)
      .values({
        companyId: companyA,
        name: `Chave ${unique}`,
        kind: path.startsWith("/api/roster/") ? "hr" : "resultados",
        prefix: "sereno_live_xxxxxx",
        secretHash: randomUUID(),
        createdByEmail: "gestora@exemplo.com.br",
      })
      .returning({ id: rosterApiKeys.id });
    fill("id", key?.id ?? "");
  }
  if (operation === "DELETE /api/admin/companies/{id}/scim/token") {
    // An active token to revoke, fresh for each caller.
    await t.db.update(scimTokens).set({ revokedAt: new Date() }).where(eq(scimTokens.companyId, companyA));
    await t.db.insert(scimTokens).values({
      companyId: companyA,
      prefix: "sereno_scim_xxxxxx",
      secretHash: randomUUID(),
      createdByEmail: "admin@exemplo.com.br",
    });
  }
  if (path.startsWith("/scim/v2/")) fill("id", randomUUID());
  fill("matricula", "M1");
  if (path.startsWith("/api/v1/roster/sync/")) fill("id", randomUUID());
  if (path.startsWith("/api/roster/")) url += `?companyId=${companyA}`;
  if (path.startsWith("/api/compliance/harassment-file")) url += `?companyId=${companyA}`;
  if (path.startsWith("/api/compliance/signed-documents")) {
    url += `?companyId=${companyA}`;
    fill("kind", "lei-14457");
    const [stored] = await t.db
      .insert(complianceSignedDocuments)
      .values({
        companyId: companyA,
        kind: "lei-14457",
        version: 1000 + Math.floor(Math.random() * 1_000_000),
        signerName: "MARIA TESTE DA SILVA",
        registration: "OAB-SP 1",
        certificateIssuer: "AC TESTE SERENO",
        certificateSerial: "01",
        certificateNotAfter: new Date(Date.now() + 86_400_000),
        sha256: unique,
        pdf: Buffer.from(pdfBytes),
      })
      .returning({ id: complianceSignedDocuments.id });
    fill("id", stored?.id ?? "");
    if (operation.startsWith("POST ")) {
      const form = new FormData();
      form.append("registro", "OAB-SP 123456");
      form.append("senha", TEST_CERTIFICATE_PASSWORD);
      form.append("certificado", new Blob([new Uint8Array(testCertificate())]), "a1.pfx");
      const request = new Request("http://x", { method: "POST", body: form });
      return {
        url,
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { "content-type": request.headers.get("content-type") ?? "" },
      };
    }
  }
  if (path.startsWith("/api/dossier.") || path === "/api/dossier") url += `?companyId=${companyA}`;
  if (path === "/api/dossier/goals/{goalId}/reviews") {
    const [goal] = await t.db
      .insert(mentalHealthGoals)
      .values({
        companyId: companyA,
        metric: "adesao_ativa",
        target: "60%",
        firstReviewOn: "2026-12-01",
        reviewEveryMonths: 3,
        createdBy: "Gestora Gil",
      })
      .returning({ id: mentalHealthGoals.id });
    fill("goalId", goal?.id ?? "");
  }
  if (path === "/api/compliance/trainings/{id}/attendance") {
    const [row] = await t.db
      .insert(harassmentTrainings)
      .values({
        companyId: companyA,
        title: "Treinamento",
        heldOn: "2026-01-10",
        durationMinutes: 60,
        levels: ["demais"],
        code: unique,
        recordedBy: "Gestora Gil",
      })
      .returning({ id: harassmentTrainings.id });
    fill("id", row?.id ?? "");
    await t.db
      .insert(rosterPeople)
      .values({ companyId: companyA, cpfHash: unique, cpfLast2: "00", matricula: `T-${unique}`, name: "Pessoa" });
    return { url, payload: { companyId: companyA, csv: `T-${unique}` } };
  }
  if (path === "/api/me/export-link.html") url += `?token=${"x".repeat(43)}`;
  if (path.startsWith("/api/roster/api-held/")) {
    // A person an HR key sent past the cap, fresh for each caller (docs/decisions/085).
    const matricula = `H${unique}`;
    const cpfHash = randomUUID();
    const row = {
      line: 1,
      name: `Guardada ${unique}`,
      cpfHash,
      cpfLast2: "00",
      matricula,
      email: null,
      personalEmail: null,
    };
    const place = { establishmentCnpj: null, sectorPath: null, managerRef: null, jobTitle: null, admittedOn: null };
    const [held] = await t.db
      .insert(rosterApiHeld)
      .values({ companyId: companyA, matricula, cpfHash, row: { ...row, ...place } })
      .returning({ id: rosterApiHeld.id });
    return { url, payload: { ids: [held?.id] } };
  }
  if (operation === "POST /api/roster/inspect" || operation === "POST /api/roster/imports") {
    return { url, ...(await rosterForm(rosterCsv(peopleOf(2)))) };
  }
  if (scoped.includes(path) || path.startsWith("/api/team/")) url += `?companyId=${companyA}`;
  if (path === "/api/check-ins") url += "?month=2026-11";
  if (path === "/api/invites/lookup") url += `?token=${"x".repeat(40)}`;
  if (path === "/api/me/msteams/link" && operation.startsWith("GET")) url += `?code=${"x".repeat(30)}`;
  const bodies: Record<string, unknown> = {
    "POST /api/compliance/conduct": { companyId: companyA, text: "Respeito é regra." },
    "POST /api/compliance/trainings": {
      companyId: companyA,
      title: "Assédio",
      heldOn: "2026-01-10",
      durationMinutes: 60,
      levels: ["lideranca"],
    },
    "POST /api/compliance/attendance": { code: "codigo-que-nao-existe" },
    "POST /api/dossier/goals": {
      companyId: companyA,
      metric: "who5_media",
      target: "Média acima de 13",
      firstReviewOn: "2027-03-01",
      reviewEveryMonths: 6,
    },
    "POST /api/dossier/goals/{goalId}/reviews": { companyId: companyA, reviewedOn: "2026-01-10", note: "No caminho." },
    "POST /api/dossier/notices": { companyId: companyA, title: "Você falou, fizemos", body: "Mais pausas." },
    "PATCH /api/me": { name: "Nome Novo" },
    "POST /api/me/passkeys": { challengeId: randomUUID(), response: fakeRegistration },
    "POST /api/passkeys/sign-in": { challengeId: randomUUID(), response: fakeAuthentication },
    "POST /api/recovery/check": { code: "0000-0000-0000-0000-0000" },
    "POST /api/recovery/complete": { ticket: randomUUID(), passkey: fakeRegistration },
    // A CPF of nobody's, new on each call: the per-CPF limit of /ativar stays out of the way.
    "POST /api/activation/{code}/check": {
      cpf: cpfFrom(String(100_000_000 + Math.floor(Math.random() * 8e8))),
      matricula: "M0",
    },
    "POST /api/activation/{code}/complete": {
      ticket: randomUUID(),
      email: `ativa-${unique}@exemplo.com.br`,
      password: "calma-e-cafe-2027",
    },
    // An unknown link: the same 400 for anyone, the token is what proves the mailbox (docs/decisions/066).
    "POST /api/email-confirmations": { token: "x".repeat(43) },
    "POST /api/roster/imports/{id}/apply": { mode: "changes" },
    "POST /api/roster/api-keys": { name: `Chave ${unique}` },
    "POST /api/resultados/api-keys": { name: `Chave ${unique}` },
    "PUT /api/admin/companies/{id}/sso": {
      protocol: "saml",
      metadataXml: "<EntityDescriptor/>",
      allowPassword: true,
      createOnFirstSignIn: false,
    },
    "POST /api/admin/companies/{id}/sso/domains": { domain: `novo-${unique}.com.br` },
    "PUT /api/admin/companies/{id}/whatsapp": { phoneNumberId: "106540352242922", accessToken: "t", appSecret: "s" },
    "PUT /api/admin/companies/{id}/working-days": { workingDays: [1, 2, 3, 4, 5] },
    "POST /api/me/whatsapp": { phone: "11912345678" },
    "POST /api/me/whatsapp/confirm": { code: "123456" },
    "PUT /api/admin/companies/{id}/msteams": {
      appId: "0f6b0c2e-3a1d-4c55-9a77-5e2b8c1d9f01",
      tenantId: "7d3a9b10-2c4e-4f8a-b6d1-0e9f3c2a1b55",
      clientSecret: "s",
    },
    "PUT /api/me/msteams": { optedIn: true },
    "POST /api/me/msteams/link": { code: "x".repeat(30) },
    "POST /api/admin/companies/{id}/sso/domains/{domainId}/verify": { manual: true },
    "POST /api/sso/start": { email: `alguem-${unique}@sem-sso.com.br` },
    "POST /api/sso/saml/{companyId}/acs": { SAMLResponse: "PHJlc3BvbnNlLz4=" },
    "PUT /api/v1/roster/people/{matricula}": { nome: "Pessoa", cpf: "52998224725" },
    "POST /api/me/consent": { version: WELLBEING_CONSENT_VERSION },
    "POST /api/me/who5/consent": { version: WHO5_CONSENT_VERSION },
    "POST /api/me/who5/answers": { answers: [3, 3, 3, 3, 3] },
    "POST /api/me/delete": { password: "senha-errada-123" },
    "POST /api/me/delete/confirm": { token: "x".repeat(40) },
    "POST /api/check-ins": { mood: 4 },
    "POST /api/push/subscriptions": {
      endpoint: `https://push.example.com/send/${unique}`,
      keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
    },
    "DELETE /api/push/subscriptions": { endpoint: `https://push.example.com/send/${unique}` },
    "PATCH /api/check-ins/{id}": { notes: "nota" },
    "POST /api/exercises/{id}/complete": {},
    "POST /api/team/invites": { name: "Convidado", email: `convidado-${unique}@exemplo.com.br`, companyId: companyA },
    // Company A is on Essencial (tests/api/sessions.ts): Enterprise is always room enough.
    "PATCH /api/admin/companies/{id}/plan": { plan: "enterprise" },
    "POST /api/admin/companies": {
      name: `Empresa ${unique}`,
      manager_name: "Gestor",
      manager_email: `gestor-${unique}@exemplo.com.br`,
      plan: "essencial",
    },
    "POST /api/admin/companies/{id}/members": {
      name: "Pessoa",
      email: `pessoa-${unique}@exemplo.com.br`,
      role: "user",
    },
    "POST /api/group-sessions": { ...groupSessionBody(), kind: "workshop", companyId: companyA },
    "PATCH /api/group-sessions/{id}": groupSessionBody(),
    "POST /api/group-sessions/{id}/feedback": { rating: 4 },
    "PUT /api/group-sessions/{id}/attendance": { attendedUserIds: [] },
    "POST /api/invites/accept": { token: "x".repeat(40), password: "calma-e-cafe-2027", consent: true },
    "POST /api/company/rewards": { title: "Um livro", description: "", pointsCost: 100, stock: null, active: true },
    "PATCH /api/company/rewards/{id}": { active: false },
    "POST /api/admin/rewards": { title: "Doação", description: "", pointsCost: 100, stock: 10, active: true },
    "PATCH /api/admin/rewards/{id}": { pointsCost: 200 },
    "POST /api/care/resume": { acceptTerms: true },
    "PUT /api/care/contact": { careEmail: null },
    "PUT /api/care/availability": { windows: WEEKDAY_MORNINGS },
    "POST /api/care/time-off": {
      startsAt: at(70 * 86_400_000).toISOString(),
      endsAt: at(71 * 86_400_000).toISOString(),
    },
    "POST /api/care/agenda/{id}/mark": { outcome: "held" },
    "POST /api/care/threads/{otherId}": { body: "Olá" },
    // Only the member has booked with this psychologist: the others are refused, nothing saved.
    "POST /api/care/measures": {
      psychologistId: ids.memberPsychologist,
      instrument: "gad7",
      answers: [0, 1, 0, 1, 0, 0, 0],
    },
    "POST /api/admin/psychologists": {
      fullName: "Psicóloga Nova",
      email: `psi-nova-${unique}@exemplo.com.br`,
      crpNumber: "06/654321",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-01",
    },
    "PUT /api/admin/psychologists/{id}": {
      fullName: "Sofia Semente",
      crpNumber: "06/778899",
      crpUf: "SP",
      epsiConfirmedOn: "2026-01-05",
      bio: "Atendo adultos.",
    },
    "POST /api/escuta/casos": { kind: "denuncia", category: "outro", body: "Um relato" },
    "POST /api/escuta/acompanhar": { protocol: "ESC-2222-2222", secret: "AAAA-AAAA-AAAA-AAAA" },
    "POST /api/escuta/acompanhar/mensagens": { protocol: "ESC-2222-2222", secret: "AAAA-AAAA-AAAA-AAAA", body: "Oi" },
    "POST /api/escuta/acompanhar/anexos/{attachmentId}": { protocol: "ESC-2222-2222", secret: "AAAA-AAAA-AAAA-AAAA" },
    "PATCH /api/escuta/casos/{id}": { status: "em_analise" },
    "POST /api/escuta/casos/{id}/mensagens": { body: "Recebemos." },
    "POST /api/admin/companies/{id}/escuta/responsaveis": { userId: ids.memberA },
    "PUT /api/admin/companies/{id}/escuta/guarda": { retentionYears: 5 },
    "POST /api/admin/companies/{id}/roster-api-allowance": { people: 10 },
    "PUT /api/admin/companies/{id}/care": { sessionsPerCycle: 100, cycle: "month", lateCancelConsumes: false },
  };
  if (path.startsWith("/api/risks") || path.startsWith("/api/pgr")) return risk.requestFor(operation, path, companyA);
  if (operation === "POST /api/care/appointments" || operation === "POST /api/care/appointments/{id}/reschedule") {
    const startsAt = await freeSlot();
    return {
      url,
      payload:
        operation === "POST /api/care/appointments"
          ? { psychologistId: ids.psychologist, startsAt, acceptTerms: true }
          : { startsAt, acceptTerms: true },
    };
  }
  if (operation === "POST /api/group-sessions/{id}/materials") {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(pdfBytes)], { type: "application/pdf" }), "roteiro.pdf");
    const request = new Request("http://x", { method: "POST", body: form });
    return {
      url,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    };
  }
  if (operation === "POST /api/admin/exercises") {
    const request = new Request("http://x", { method: "POST", body: exerciseForm({}) });
    return {
      url,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    };
  }
  if (operation === "PUT /api/admin/psychologists/{id}/photo") {
    const form = new FormData();
    form.append("photo", new Blob([new Uint8Array(pngBytes)], { type: "image/png" }), "foto.png");
    const request = new Request("http://x", { method: "PUT", body: form });
    return {
      url,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    };
  }
  return { url, payload: bodies[operation] };
}

describe("permission matrix", () => {
  it("has a row for every operation of the OpenAPI document, and no row for one that is gone", () => {
    expect(operations.filter((operation) => !expected[operation])).toEqual([]);
    expect(Object.keys(expected).filter((operation) => !operations.includes(operation))).toEqual([]);
  });

  it("follows from each operation's declared access (docs/decisions/068)", () => {
    const declared = declaredAccess(t.app);
    const wrong: string[] = [];
    for (const operation of operations) {
      const [method, path = ""] = operation.split(" ");
      const access = declared.get(`${method} ${path.replace(/\{(\w+)\}/g, ":$1")}`);
      const row = expected[operation];
      if (!access || !row) {
        wrong.push(`${operation}: ${access ?? "no declaration"}`);
        continue;
      }
      if (!fitsAccess[access](row)) wrong.push(`${operation}: declared ${access}, row [${row.join(", ")}]`);
    }
    expect(wrong).toEqual([]);
  });

  it("gives each caller the expected status on each operation", async () => {
    const observed: Record<string, number[]> = {};
    const mismatches: string[] = [];
    for (const operation of operations) {
      const [method = "GET"] = operation.split(" ");
      observed[operation] = [];
      for (const [column, caller] of callers.entries()) {
        const { url, payload, headers } = await requestFor(operation, caller);
        const call = as[caller];
        if (!call) throw new Error(`no caller ${caller}`);
        const response = await call({
          method: method as InjectOptions["method"],
          url,
          ...(payload !== undefined ? { payload: payload as InjectOptions["payload"] } : {}),
          ...(headers ? { headers } : {}),
        });
        observed[operation].push(response.statusCode);
        // The follow routes share one guessing limit per address (decision 049): 21 calls here would pass it.
        if (url.startsWith("/api/escuta/acompanhar"))
          await t.db.execute(sql`delete from rate_limits where key like 'escuta:acompanhar:%'`);
        if (operation === "DELETE /api/me/consent" && response.statusCode === 200) {
          await call({ method: "POST", url: "/api/me/consent", payload: { version: WELLBEING_CONSENT_VERSION } });
        }
        if (operation === "DELETE /api/me/who5/consent" && response.statusCode === 200) {
          await call({ method: "POST", url: "/api/me/who5/consent", payload: { version: WHO5_CONSENT_VERSION } });
        }
        const want = expected[operation]?.[column];
        if (response.statusCode !== want) {
          mismatches.push(
            `${operation} as ${caller}: expected ${want}, got ${response.statusCode} ${response.body.slice(0, 160)}`,
          );
        }
      }
    }
    if (process.env.MATRIX_PRINT) {
      for (const [operation, statuses] of Object.entries(observed))
        console.log(`  ${JSON.stringify(operation)}: [${statuses.join(", ")}],`);
    }
    expect(mismatches).toEqual([]);
  }, 300_000);
});
