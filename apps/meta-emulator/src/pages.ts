// Pages and Lead Ads (Graph API "Page", "Lead Ads Retrieval", "Webhooks for Lead Ads"):
//   GET/POST/DELETE /{page-id}/subscribed_apps   (a page token of that page; subscribed_fields=leadgen)
//   GET /{page-id}/leadgen_forms                 (page token)
//   GET /{form-id}, /{form-id}/leads             (paged, `filtering` on time_created)
//   GET /{leadgen-id}                            (field_data, ad_id, adset_id, campaign_id, form_id, created_time, is_organic…)
import { invalidParameter, pageTokenRequired, permissionMissing } from './graph-error.ts';
import { on, type Call, type GraphContext } from './graph.ts';
import { pick } from './oauth-routes.ts';
import { filteringParam, page, passes, requestedFields } from './params.ts';
import { nodeOf, nodesOf, type Lead, type LeadForm, type Page, type State } from './state.ts';

/** Meta's time format on Lead Ads objects: 2026-11-27T14:03:11+0000. */
export const fbTime = (seconds: number): string => new Date(seconds * 1000).toISOString().replace(/\.\d{3}Z$/, '+0000');

const requirePageToken = (call: Call, pageId: string): void => {
  const t = call.caller.token;
  if (!t || t.kind !== 'page' || t.pageId !== pageId) throw pageTokenRequired();
};

/** Leads are read with a page token of their page, or a token of a user who manages it with leads_retrieval. */
const requireLeadAccess = (state: State, call: Call, pageId: string): void => {
  const t = call.caller.token;
  if (!t) throw pageTokenRequired();
  if (t.kind === 'page') {
    if (t.pageId !== pageId) throw pageTokenRequired();
    return;
  }
  const p = nodeOf(state, pageId, 'page');
  if (!p || !p.userIds.includes(t.userId)) throw pageTokenRequired();
  if (!t.scopes.includes('leads_retrieval')) throw permissionMissing('leads_retrieval');
};

const LEAD_FIELDS = [
  'id',
  'created_time',
  'field_data',
  'ad_id',
  'ad_name',
  'adset_id',
  'adset_name',
  'campaign_id',
  'campaign_name',
  'form_id',
  'is_organic',
  'platform',
  'custom_disclaimer_responses',
  'partner_name',
] as const;

export const leadJson = (state: State, lead: Lead, fields: readonly string[]): Record<string, unknown> => {
  const ad = lead.adId ? nodeOf(state, lead.adId, 'ad') : null;
  const adset = lead.adsetId ? nodeOf(state, lead.adsetId, 'adset') : null;
  const campaign = lead.campaignId ? nodeOf(state, lead.campaignId, 'campaign') : null;
  const all: Record<string, unknown> = {
    id: lead.id,
    created_time: fbTime(lead.createdTime),
    field_data: lead.fieldData,
    // Organic leads (a form opened from the page, not an ad) carry no ad fields at all.
    ...(lead.isOrganic
      ? {}
      : {
          ad_id: lead.adId ?? undefined,
          ad_name: ad?.name,
          adset_id: lead.adsetId ?? undefined,
          adset_name: adset?.name,
          campaign_id: lead.campaignId ?? undefined,
          campaign_name: campaign?.name,
        }),
    form_id: lead.formId,
    is_organic: lead.isOrganic,
    platform: lead.platform,
  };
  return pick(all, [...fields]);
};

const formJson = (state: State, form: LeadForm, fields: readonly string[]): Record<string, unknown> =>
  pick(
    {
      id: form.id,
      name: form.name,
      status: form.status,
      locale: form.locale,
      created_time: fbTime(form.createdTime),
      leads_count: nodesOf(state, 'lead').filter((l) => l.formId === form.id).length,
      page: { id: form.pageId, name: nodeOf(state, form.pageId, 'page')?.name },
      questions: form.questions.map((q) => ({ key: q.key, label: q.label, type: q.type, id: `${form.id}${q.key.length}` })),
    },
    [...fields],
  );

export const registerPageRoutes = (ctx: GraphContext): void => {
  const { state, config } = ctx;
  const pageOf = (call: Call): Page => call.node as Page;

  on(ctx, 'GET', 'page', (call) => {
    const p = pageOf(call);
    const fields = requestedFields(call.params, ['id', 'name', 'category'], ['name', 'id'], 'Page');
    return pick({ id: p.id, name: p.name, category: p.category }, fields);
  });

  on(ctx, 'POST', 'page/subscribed_apps', (call) => {
    const p = pageOf(call);
    requirePageToken(call, p.id);
    const fields = (call.params.subscribed_fields ?? '')
      .replace(/[[\]"]/g, '')
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean);
    if (fields.length === 0) throw invalidParameter('The parameter subscribed_fields is required.');
    const allowed = ['leadgen', 'feed', 'messages', 'messaging_postbacks', 'conversations', 'ratings'];
    const bad = fields.find((f) => !allowed.includes(f));
    if (bad) throw invalidParameter(`Param subscribed_fields[0] must be one of {${allowed.join(', ')}} - got "${bad}".`);
    p.subscribedApps.set(config.appId, [...new Set([...(p.subscribedApps.get(config.appId) ?? []), ...fields])]);
    return { success: true };
  });

  on(ctx, 'GET', 'page/subscribed_apps', (call) => {
    const p = pageOf(call);
    requirePageToken(call, p.id);
    return {
      data: [...p.subscribedApps].map(([id, subscribed_fields]) => ({
        category: 'Business',
        link: 'https://funil.example/',
        name: id === config.appId ? config.appName : 'Outro app',
        id,
        subscribed_fields,
      })),
    };
  });

  on(ctx, 'DELETE', 'page/subscribed_apps', (call) => {
    const p = pageOf(call);
    requirePageToken(call, p.id);
    p.subscribedApps.delete(config.appId);
    return { success: true };
  });

  const FORM_FIELDS = ['id', 'name', 'status', 'locale', 'created_time', 'leads_count', 'page', 'questions'];
  on(ctx, 'GET', 'page/leadgen_forms', (call) => {
    const p = pageOf(call);
    requirePageToken(call, p.id);
    const fields = requestedFields(call.params, FORM_FIELDS, ['id', 'locale', 'name', 'status'], 'LeadgenForm');
    const forms = nodesOf(state, 'form')
      .filter((f) => f.pageId === p.id)
      .sort((a, b) => b.createdTime - a.createdTime)
      .map((f) => formJson(state, f, fields));
    return page(forms, call.params, call.link, 100);
  });

  on(ctx, 'GET', 'form', (call) => {
    const form = call.node as LeadForm;
    requireLeadAccess(state, call, form.pageId);
    return formJson(state, form, requestedFields(call.params, FORM_FIELDS, ['id', 'locale', 'name', 'status'], 'LeadgenForm'));
  });

  on(ctx, 'GET', 'form/leads', (call) => {
    const form = call.node as LeadForm;
    requireLeadAccess(state, call, form.pageId);
    const fields = requestedFields(call.params, LEAD_FIELDS, ['created_time', 'id', 'field_data'], 'UserLeadGenInfo');
    const filters = filteringParam(call.params);
    for (const f of filters)
      if (f.field !== 'time_created')
        throw invalidParameter(`Filtering field ${f.field} is invalid. Only time_created is supported.`);
    // Newest first, as Meta lists a form's leads.
    const leads = nodesOf(state, 'lead')
      .filter((l) => l.formId === form.id && filters.every((f) => passes(l.createdTime, f)))
      .sort((a, b) => b.createdTime - a.createdTime || (a.id < b.id ? 1 : -1))
      .map((l) => leadJson(state, l, fields));
    return page(leads, call.params, call.link, 1000);
  });

  on(ctx, 'GET', 'lead', (call) => {
    const lead = call.node as Lead;
    requireLeadAccess(state, call, lead.pageId);
    return leadJson(
      state,
      lead,
      requestedFields(call.params, LEAD_FIELDS, ['created_time', 'id', 'field_data'], 'UserLeadGenInfo'),
    );
  });
};
