// Every table, for drizzle-kit and for typed queries. Tables live in their modules.
export * from '../modules/tenancy/tenancy.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/sessions.table.ts';
export * from '../modules/catalog/catalog.table.ts';
export * from '../modules/tags/tags.table.ts';
export * from '../modules/guidance/guidance.table.ts';
export * from '../modules/whatsapp/instances/instances.table.ts';
export * from '../modules/leads/leads.table.ts';
export * from '../modules/leads/appointments.table.ts';
export * from '../jobs/jobs.table.ts';
export * from '../modules/whatsapp/chat/messages.table.ts';
export * from '../modules/whatsapp/ingest/rejected-webhooks.table.ts';
export * from '../modules/audit/audit.table.ts';
export * from '../modules/partners/partners.table.ts';
export * from '../modules/quick-messages/quick-messages.table.ts';
export * from '../modules/mass-send/mass-send.table.ts';
export * from '../modules/dashboard/dashboard.table.ts';
