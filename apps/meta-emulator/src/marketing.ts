// The Marketing API's objects (Marketing API reference: Ad Account, Campaign, Ad Set, Ad):
//   GET /act_{id}, /act_{id}/campaigns, /act_{id}/adsets, /act_{id}/ads,
//   GET /{campaign-id}[/adsets|/ads], /{adset-id}[/ads], /{ad-id}
// with fields, paging, `effective_status` and `filtering`. By default edges answer only `id` and
// leave out DELETED and ARCHIVED objects; budgets are strings in cents.
import { invalidParameter } from './graph-error.ts';
import { on, type Call, type GraphContext } from './graph.ts';
import { pick } from './oauth-routes.ts';
import { fbTime } from './pages.ts';
import { filteringParam, jsonParam, page, passes, requestedFields } from './params.ts';
import { nodeOf, nodesOf, type Ad, type AdAccount, type AdSet, type Campaign, type State } from './state.ts';

export const EFFECTIVE_STATUSES = [
  'ACTIVE',
  'PAUSED',
  'DELETED',
  'ARCHIVED',
  'CAMPAIGN_PAUSED',
  'ADSET_PAUSED',
  'IN_PROCESS',
  'WITH_ISSUES',
  'PENDING_REVIEW',
  'DISAPPROVED',
] as const;

/** An object's effective status: its own, unless a parent is paused (CAMPAIGN_PAUSED, ADSET_PAUSED). */
export const effectiveStatus = (state: State, node: Campaign | AdSet | Ad): string => {
  if (node.status !== 'ACTIVE') return node.status;
  if (node.type === 'campaign') return 'ACTIVE';
  const campaign = nodeOf(state, node.campaignId, 'campaign');
  if (campaign && campaign.status !== 'ACTIVE') return 'CAMPAIGN_PAUSED';
  if (node.type === 'ad') {
    const adset = nodeOf(state, node.adsetId, 'adset');
    if (adset && adset.status !== 'ACTIVE') return 'ADSET_PAUSED';
  }
  return 'ACTIVE';
};

const CAMPAIGN_FIELDS = [
  'id',
  'name',
  'status',
  'configured_status',
  'effective_status',
  'objective',
  'account_id',
  'buying_type',
  'daily_budget',
  'created_time',
  'updated_time',
  'start_time',
  'special_ad_categories',
];
const ADSET_FIELDS = [
  'id',
  'name',
  'status',
  'configured_status',
  'effective_status',
  'campaign_id',
  'account_id',
  'daily_budget',
  'optimization_goal',
  'billing_event',
  'destination_type',
  'created_time',
  'updated_time',
  'start_time',
];
const AD_FIELDS = [
  'id',
  'name',
  'status',
  'configured_status',
  'effective_status',
  'campaign_id',
  'adset_id',
  'account_id',
  'creative',
  'created_time',
  'updated_time',
];

export const objectJson = (state: State, node: Campaign | AdSet | Ad, fields: readonly string[]): Record<string, unknown> => {
  const account = nodeOf(state, node.accountId, 'adaccount');
  const base: Record<string, unknown> = {
    id: node.id,
    name: node.name,
    status: node.status,
    configured_status: node.status,
    effective_status: effectiveStatus(state, node),
    account_id: account?.accountId,
    created_time: fbTime(node.createdTime).replace('+0000', '-0300'),
    updated_time: fbTime(node.createdTime).replace('+0000', '-0300'),
    start_time: fbTime(node.createdTime).replace('+0000', '-0300'),
  };
  if (node.type === 'campaign') {
    Object.assign(base, {
      objective: node.objective,
      buying_type: 'AUCTION',
      special_ad_categories: [],
      daily_budget: node.dailyBudgetCents === null ? undefined : String(node.dailyBudgetCents),
    });
  } else if (node.type === 'adset') {
    Object.assign(base, {
      campaign_id: node.campaignId,
      daily_budget: node.dailyBudgetCents === null ? undefined : String(node.dailyBudgetCents),
      optimization_goal: node.optimizationGoal,
      billing_event: 'IMPRESSIONS',
      destination_type: node.destinationType,
    });
  } else {
    Object.assign(base, { campaign_id: node.campaignId, adset_id: node.adsetId, creative: { id: node.creativeId } });
  }
  return pick(base, [...fields]);
};

const filterValue = (state: State, node: Campaign | AdSet | Ad, field: string): unknown => {
  switch (field) {
    case 'id':
    case `${node.type}.id`:
      return node.id;
    case 'name':
    case `${node.type}.name`:
      return node.name;
    case 'effective_status':
    case `${node.type}.effective_status`:
      return effectiveStatus(state, node);
    case 'status':
      return node.status;
    case 'objective':
    case 'campaign.objective':
      return node.type === 'campaign' ? node.objective : nodeOf(state, node.campaignId, 'campaign')?.objective;
    case 'campaign.id':
      return node.type === 'campaign' ? node.id : node.campaignId;
    case 'adset.id':
      return node.type === 'ad' ? node.adsetId : node.type === 'adset' ? node.id : undefined;
    default:
      throw invalidParameter(`Filtering field ${field} is invalid.`);
  }
};

/** An edge's objects after `effective_status` and `filtering`, in creation order (newest first, as Meta lists them). */
const listObjects = <T extends Campaign | AdSet | Ad>(
  state: State,
  call: Call,
  all: T[],
  fieldList: string[],
  nodeType: string,
) => {
  const fields = requestedFields(call.params, fieldList, ['id'], nodeType);
  const statuses = jsonParam<unknown>(call.params, 'effective_status');
  if (
    statuses !== undefined &&
    (!Array.isArray(statuses) || statuses.some((s) => !(EFFECTIVE_STATUSES as readonly string[]).includes(String(s))))
  )
    throw invalidParameter(`Param effective_status[0] must be one of {${EFFECTIVE_STATUSES.join(', ')}}`);
  const wanted = (statuses as string[] | undefined) ?? EFFECTIVE_STATUSES.filter((s) => s !== 'DELETED' && s !== 'ARCHIVED');
  const filters = filteringParam(call.params);
  const items = all
    .filter((n) => wanted.includes(effectiveStatus(state, n)))
    .filter((n) => filters.every((f) => passes(filterValue(state, n, f.field), f)))
    .sort((a, b) => b.createdTime - a.createdTime || (a.id < b.id ? 1 : -1))
    .map((n) => objectJson(state, n, fields));
  return page(items, call.params, call.link);
};

export const registerMarketingRoutes = (ctx: GraphContext): void => {
  const { state } = ctx;
  const ofAccount = <T extends 'campaign' | 'adset' | 'ad'>(type: T, call: Call) =>
    nodesOf(state, type).filter((n) => (n as Campaign | AdSet | Ad).accountId === (call.node as AdAccount).id);

  on(ctx, 'GET', 'adaccount', (call) => {
    const a = call.node as AdAccount;
    const fields = requestedFields(
      call.params,
      ['id', 'account_id', 'name', 'currency', 'timezone_name', 'account_status', 'business'],
      ['account_id', 'id'],
      'AdAccount',
    );
    return pick(
      {
        id: a.id,
        account_id: a.accountId,
        name: a.name,
        currency: a.currency,
        timezone_name: a.timezone,
        account_status: a.accountStatus,
        business: { id: a.businessId, name: a.name },
      },
      fields,
    );
  });
  on(ctx, 'GET', 'adaccount/campaigns', (call) =>
    listObjects(state, call, ofAccount('campaign', call), CAMPAIGN_FIELDS, 'Campaign'),
  );
  on(ctx, 'GET', 'adaccount/adsets', (call) => listObjects(state, call, ofAccount('adset', call), ADSET_FIELDS, 'AdSet'));
  on(ctx, 'GET', 'adaccount/ads', (call) => listObjects(state, call, ofAccount('ad', call), AD_FIELDS, 'Adgroup'));

  on(ctx, 'GET', 'campaign', (call) =>
    objectJson(state, call.node as Campaign, requestedFields(call.params, CAMPAIGN_FIELDS, ['id'], 'Campaign')),
  );
  on(ctx, 'GET', 'campaign/adsets', (call) =>
    listObjects(
      state,
      call,
      nodesOf(state, 'adset').filter((s) => s.campaignId === call.nodeId),
      ADSET_FIELDS,
      'AdSet',
    ),
  );
  on(ctx, 'GET', 'campaign/ads', (call) =>
    listObjects(
      state,
      call,
      nodesOf(state, 'ad').filter((s) => s.campaignId === call.nodeId),
      AD_FIELDS,
      'Adgroup',
    ),
  );
  on(ctx, 'GET', 'adset', (call) =>
    objectJson(state, call.node as AdSet, requestedFields(call.params, ADSET_FIELDS, ['id'], 'AdSet')),
  );
  on(ctx, 'GET', 'adset/ads', (call) =>
    listObjects(
      state,
      call,
      nodesOf(state, 'ad').filter((s) => s.adsetId === call.nodeId),
      AD_FIELDS,
      'Adgroup',
    ),
  );
  on(ctx, 'GET', 'ad', (call) => objectJson(state, call.node as Ad, requestedFields(call.params, AD_FIELDS, ['id'], 'Adgroup')));
};
