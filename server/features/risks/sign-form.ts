/**
 * The signing request every signed document shares (docs/decisions/081, 098): who may sign (the
 * company's own responsible person with a manager's access, never the platform's admin) and the
 * multipart form (registro, senha, file certificado) read into memory only, checked field by field and
 * then the certificate itself. The .p12 and its password live only in this request's memory.
 */
import type { FastifyRequest } from "fastify";
import { messages } from "#core/messages.ts";
import { serverMessages } from "#core/server-messages.ts";
import { AppError } from "#server/errors.ts";
import { defineAccess, requireCompanyManager, requireUser } from "#server/features/auth/index.ts";
import type { SigningKey } from "./cades.ts";
import { type CertificateFacts, openSigningKey } from "./inventory-signature.ts";

const m = serverMessages.signature;

/** The company's own responsible person signs, with a manager's access; the platform's admins never do. */
export const companySigner = defineAccess("roles", async (request: FastifyRequest) => {
  if ((await requireUser(request)).role === "admin") throw new AppError("FORBIDDEN", m.managersOnly);
  return requireCompanyManager(request, (request.query as { companyId?: string }).companyId);
});

/** An A1 certificate is a few KB; anything near this is not one. */
const CERTIFICATE_MAX_BYTES = 64 * 1024;
const TEXT_MAX = 160;

type SignForm = { registration: string; password: string; certificate: Buffer | null };

/** The multipart form, read into memory only (no temporary file): registro, senha and the file certificado. */
async function readSignForm(request: FastifyRequest): Promise<SignForm> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA", messages.invalidInput);
  const form: SignForm = { registration: "", password: "", certificate: null };
  for await (const part of request.parts({
    limits: { fileSize: CERTIFICATE_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  })) {
    if (part.type === "file") {
      const buffer = await part.toBuffer();
      if (part.fieldname === "certificado") form.certificate = buffer;
    } else if (typeof part.value === "string") {
      if (part.fieldname === "registro") form.registration = part.value.trim().slice(0, TEXT_MAX);
      if (part.fieldname === "senha") form.password = part.value;
    }
  }
  return form;
}

export type SigningRequest = {
  registration: string;
  /** The opened key: the password and the file itself go no further than this function. */
  key: SigningKey;
  certificate: CertificateFacts;
  signedAt: Date;
};

/**
 * Reads the form and checks it, in the order decision 081 gives: the file, the password, the
 * registration, then the certificate (PKCS#12, password, key, validity, signing use). Each refusal is a
 * pt-BR 4xx before anything is built or stored.
 */
export async function readSigningRequest(request: FastifyRequest): Promise<SigningRequest> {
  const form = await readSignForm(request);
  if (!form.certificate?.length) throw new AppError("VALIDATION", m.certificateMissing, { field: "certificado" });
  if (!form.password) throw new AppError("VALIDATION", m.passwordMissing, { field: "senha" });
  if (!form.registration) throw new AppError("VALIDATION", m.registrationRequired, { field: "registro" });
  const signedAt = new Date();
  const { facts, ...key } = openSigningKey(form.certificate, form.password, signedAt);
  return { registration: form.registration, key, certificate: facts, signedAt };
}
