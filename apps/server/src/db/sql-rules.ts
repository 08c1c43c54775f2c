// SQL text generated from the domain's constants (issue 22 §3: one source for each rule that
// TypeScript and SQL share). Statements built in TypeScript take their rule from here; the SQL
// frozen in past migrations is compared with the same constants by db/shared-sql-rules.test.ts.
// Plain text (for `sql.raw` and the `$n` statements of queryRows), built from constants only.
import { CONVERSION_NEGOTIATION_IDS } from '@funil/domain/dashboard/dashboard-api';
import { APP_TIME_ZONE } from '@funil/domain/format/date';
import { ACK, ACK_LEAD_STATUS } from '@funil/domain/whatsapp-api/chat-message';

/** The product's wall-time zone as a SQL literal, for `x at time zone ${SAO_PAULO_SQL}`. */
export const SAO_PAULO_SQL = `'${APP_TIME_ZONE}'`;

/** `<column> in (5, 6)`: the negotiation status counts as a conversion (000 §9). */
export const conversionStatusSql = (column: string): string => `${column} in (${CONVERSION_NEGOTIATION_IDS.join(', ')})`;

/** The lead's last-message `_status` of a message (001 §3, leadStatusOfAck): null for an incoming one or ack 0. */
export function ackLeadStatusSql(fromMe: string, ack: string): string {
  const steps = ACK_LEAD_STATUS.map((s) =>
    s.upTo === Infinity ? `else ${s.status}` : `when ${ack} <= ${s.upTo} then ${s.status}`,
  );
  return `case when not ${fromMe} or ${ack} <= ${ACK.received} then null ${steps.join(' ')} end`;
}
