/**
 * The public module of chat-connection: a company's chat channel connection, shared by msteams and
 * whatsapp (docs/decisions/087, docs/decisions/103). It registers no plugin of its own.
 */
export { chatConnectionRoutes, companyParams } from "./chat-connection.routes.ts";
