// The emulator's in-memory world: Meta's objects by id (one map, as the Graph API addresses every
// object by its id alone), the tokens, what was received and sent. emulator.ts creates it once.
import { DailyInsights, type DailyInsight } from './daily-insights.ts';
import type { RowSource } from './params.ts';

export type UserToken = {
  token: string;
  kind: 'user' | 'page' | 'system_user' | 'app';
  userId: string;
  pageId?: string;
  /** Seconds since the epoch. */
  issuedAt: number;
  /** Seconds since the epoch; 0 = never expires (page tokens from a long-lived user token, system users). */
  expiresAt: number;
  scopes: string[];
  /** 190 with this subcode on every use (458 app removed, 460 password changed, 467 logged out). */
  revoked?: 458 | 460 | 464 | 467;
};

export type User = { type: 'user'; id: string; name: string; email: string };
export type AdAccount = {
  type: 'adaccount';
  id: string; // act_<account_id>
  accountId: string;
  name: string;
  currency: string;
  timezone: string;
  businessId: string;
  accountStatus: number;
  userIds: string[];
};
export type Status = 'ACTIVE' | 'PAUSED' | 'DELETED' | 'ARCHIVED';
export type Campaign = {
  type: 'campaign';
  id: string;
  accountId: string; // act_...
  name: string;
  objective: string;
  status: Status;
  createdTime: number;
  dailyBudgetCents: number | null;
};
export type AdSet = {
  type: 'adset';
  id: string;
  accountId: string;
  campaignId: string;
  name: string;
  status: Status;
  createdTime: number;
  dailyBudgetCents: number | null;
  optimizationGoal: string;
  destinationType: string;
};
export type Ad = {
  type: 'ad';
  id: string;
  accountId: string;
  campaignId: string;
  adsetId: string;
  name: string;
  status: Status;
  createdTime: number;
  creativeId: string;
};
export type Page = {
  type: 'page';
  id: string;
  name: string;
  category: string;
  userIds: string[];
  /** App id → subscribed fields (POST /{page-id}/subscribed_apps). */
  subscribedApps: Map<string, string[]>;
};
export type FormQuestion = { key: string; label: string; type: 'FULL_NAME' | 'PHONE' | 'EMAIL' | 'CUSTOM' | 'CITY' };
export type LeadForm = {
  type: 'form';
  id: string;
  pageId: string;
  name: string;
  status: 'ACTIVE' | 'ARCHIVED';
  locale: string;
  questions: FormQuestion[];
  createdTime: number;
};
export type Lead = {
  type: 'lead';
  id: string;
  formId: string;
  pageId: string;
  adId: string | null;
  adsetId: string | null;
  campaignId: string | null;
  createdTime: number; // seconds
  isOrganic: boolean;
  platform: 'fb' | 'ig';
  fieldData: { name: string; values: string[] }[];
};
export type ReportRun = {
  type: 'report_run';
  id: string;
  accountId: string;
  createdTime: number;
  dateStart: string;
  dateStop: string;
  /** The report's rows, computed page by page as they are read (a year of 20,000 ads is 7.3 million rows). */
  rows: RowSource<Record<string, unknown>>;
  polls: number;
  mode: AsyncMode;
  /** The query string the run was created with, for its insights pages' `next`. */
  fields: string | undefined;
};
export type Dataset = { type: 'dataset'; id: string; name: string };
export type GraphNode = User | AdAccount | Campaign | AdSet | Ad | Page | LeadForm | Lead | ReportRun | Dataset;

export type { DailyInsight };

/**
 * How the next async report runs behave (issue 24): `normal` completes after `polls` status reads;
 * `stuck` stays at 100 % 'Job Running' for `polls` reads before completing; `fail` ends 'Job Failed';
 * `hang` stays 'Job Running' below 100 % forever.
 */
export type AsyncMode = {
  kind: 'normal' | 'stuck' | 'fail' | 'hang';
  polls: number;
  /** Only jobs whose range is longer than this many days behave so; shorter ones complete (the client's split works). */
  overDays?: number;
};

/** A failure a test forced: every matching call answers this error until `remaining` runs out (null: forever). */
export type Failure = {
  code: number;
  subcode?: number;
  message?: string;
  /** Which calls fail: all, the ads objects and insights, insights only, pages and leads. */
  scope: 'all' | 'ads' | 'insights' | 'leadgen' | 'pages';
  remaining: number | null;
  /** For rate limits: minutes reported in `estimated_time_to_regain_access`. */
  regainMinutes: number;
};

export type ConversionEvent = { datasetId: string; receivedAt: string; event: Record<string, unknown>; testEventCode?: string };

export type LoggedRequest = { method: string; path: string; query: Record<string, unknown>; at: string; proof: boolean };

export type State = {
  nodes: Map<string, GraphNode>;
  tokens: Map<string, UserToken>;
  /** Authorization codes of the login dialog: code → what it grants. */
  codes: Map<string, { userId: string; redirectUri: string; scopes: string[]; expiresAt: number; used: boolean }>;
  /** Every ad's days, keyed `${adId}|${date}`: generated on read, stored where set (daily-insights.ts). */
  insights: DailyInsights;
  failures: Failure[];
  /** The app usage percentage reported in the usage headers (0–100). */
  usagePercent: number;
  asyncMode: AsyncMode;
  /** Sync insights with a larger `limit` answer code 1 "Please reduce the amount of data…" (null: no cap). */
  insightsLimitCap: number | null;
  conversions: ConversionEvent[];
  requests: LoggedRequest[];
  /** The app's webhook subscription (App Dashboard → Webhooks, or POST /{app-id}/subscriptions). */
  webhook: { url: string; verifyToken: string; fields: string[] } | null;
  /** Whether the login dialog approves (the demo's user) or the user cancels. */
  dialog: 'approve' | 'deny';
  nextId: bigint;
};

export const createState = (): State => {
  const nodes = new Map<string, GraphNode>();
  const objectiveOf = (adId: string): string | undefined => {
    const ad = nodes.get(adId);
    const campaign = ad?.type === 'ad' ? nodes.get(ad.campaignId) : undefined;
    return campaign?.type === 'campaign' ? campaign.objective : undefined;
  };
  return {
    nodes,
    tokens: new Map(),
    codes: new Map(),
    insights: new DailyInsights(objectiveOf),
    failures: [],
    usagePercent: 3,
    asyncMode: { kind: 'normal', polls: 2 },
    insightsLimitCap: null,
    conversions: [],
    requests: [],
    webhook: null,
    dialog: 'approve',
    nextId: 120_214_500_000_000_000n,
  };
};

/** A new Meta-looking numeric id (Meta's ad objects have 17–18 digits). */
export const newId = (state: State): string => {
  state.nextId += 1n + BigInt(Math.floor(Math.random() * 900));
  return state.nextId.toString();
};

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function nodeOf<T extends GraphNode['type']>(state: State, id: string, type: T): Extract<GraphNode, { type: T }> | null {
  const node = state.nodes.get(id);
  return node && node.type === type ? (node as Extract<GraphNode, { type: T }>) : null;
}

export const nodesOf = <T extends GraphNode['type']>(state: State, type: T): Extract<GraphNode, { type: T }>[] =>
  [...state.nodes.values()].filter((n): n is Extract<GraphNode, { type: T }> => n.type === type);
