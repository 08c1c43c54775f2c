// SQL text generated from the domain's constants (issue 22 §3: one source for each rule that
// TypeScript and SQL share). Statements built in TypeScript take their rule from here; the SQL
// frozen in past migrations is compared with the same constants by db/shared-sql-rules.test.ts.
// Plain text (for `sql.raw` and the `$n` statements of queryRows), built from constants only.
import { CONVERSION_NEGOTIATION_IDS } from '@funil/domain/dashboard/dashboard-api';
import { APP_TIME_ZONE } from '@funil/domain/format/date';
import { AD_NAMING_FIELDS, AD_ONLY_CHANNELS, AD_WHEN_NAMED_CHANNELS } from '@funil/domain/leads/unknown-ad';
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

const literals = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
const presentSql = (column: string) => `nullif(btrim(${column}), '') is not null`;

/** The origin columns `unknownAdSql` reads: the channel and the six fields that name an ad. */
export type AdOriginColumns = Record<'canal' | (typeof AD_NAMING_FIELDS)[number], string>;

/**
 * Issue 23 §3, `hasUnknownAd` of @funil/domain/leads/unknown-ad in SQL: the lead came from an ad
 * (an ad-only channel, or a capture post naming an ad) and has no ad id, or one that `inCatalogue`
 * (the ads module's fragment, given the ad id's SQL) does not find.
 */
export function unknownAdSql(columns: AdOriginColumns, inCatalogue: (adIdSql: string) => string): string {
  const named = AD_NAMING_FIELDS.map((f) => presentSql(columns[f])).join(' or ');
  const adOnly = `${columns.canal} in (${literals(AD_ONLY_CHANNELS)})`;
  const fromAd = `(${adOnly} or (${columns.canal} in (${literals(AD_WHEN_NAMED_CHANNELS)}) and (${named})))`;
  return `(${fromAd} and (not ${presentSql(columns.ad_id)} or not ${inCatalogue(columns.ad_id)}))`;
}
