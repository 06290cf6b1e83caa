/**
 * The public module of notifications: what other features and the app may import from it (docs/decisions/087).
 * Every other file of server/features/notifications/ is private to it; tests may reach inside.
 */
export { notificationJobs } from "./notifications.jobs.ts";
export { notificationPlugin } from "./notifications.plugin.ts";
export { isReminderStillDue, sendChatReminder } from "./reminders.ts";
export { sendOnce } from "./send-once.ts";
export { jobMessageId, sendUntilSent } from "./send-until-sent.ts";
export { unsubscribeKeyFrom, unsubscribeUrls } from "./unsubscribe-links.ts";
export { loadVapidKeys, type PushMessage, pushToUser, type VapidKeys } from "./web-push.ts";
