// The typed helpers that build and drive Meta's side (emulator.control): seed objects, generate
// leads and deliver their webhooks, set daily insights, force errors, expire tokens, run the demo's
// live lead generator. The control routes (control-routes.ts) call these; in-process users (the
// server's tests, `npm start`) call them directly.
import { issueToken, LONG_LIVED_SECONDS } from './auth.ts';
import { brazilianPerson, CLINIC_CAMPAIGNS, CLINIC_FORMS, seeded, type Person } from './fixtures.ts';
import { addDays, todayIn } from './insights.ts';
import { DEFAULT_SCOPES } from './oauth-routes.ts';
import {
  newId,
  nodeOf,
  nodesOf,
  nowSeconds,
  type Ad,
  type AdAccount,
  type AdSet,
  type AsyncMode,
  type Campaign,
  type DailyInsight,
  type Dataset,
  type Failure,
  type FormQuestion,
  type Lead,
  type LeadForm,
  type Page,
  type State,
  type Status,
  type User,
  type UserToken,
} from './state.ts';
import { verifyCallback, type SendOptions, type WebhookSender } from './webhooks.ts';

export type DeliverOptions = SendOptions & {
  /** as-given (default), reverse, or shuffled: Meta delivers unordered. */
  order?: 'as-given' | 'reverse' | 'shuffle';
  /** All leads in one POST (one entry per page) instead of one POST each. */
  batch?: boolean;
};

export type DemoWorld = {
  user: User;
  account: AdAccount;
  campaigns: Campaign[];
  adsets: AdSet[];
  ads: Ad[];
  page: Page;
  forms: LeadForm[];
  dataset: Dataset;
};

export type World = ReturnType<typeof createWorld>;

export const createWorld = (state: State, sender: WebhookSender, opts: { random: () => number }) => {
  let live: NodeJS.Timeout | null = null;
  let personIndex = 0;
  const personRandom = seeded(2026);

  const user = (input: { name?: string; email?: string } = {}): User => {
    const u: User = {
      type: 'user',
      id: newId(state),
      name: input.name ?? 'Helena Magalhães',
      email: input.email ?? 'helena@clinicasorriso.com.br',
    };
    state.nodes.set(u.id, u);
    return u;
  };
  const defaultUser = (): User => nodesOf(state, 'user')[0] ?? user();

  const adAccount = (input: {
    name: string;
    currency?: string;
    timezone?: string;
    userIds?: string[];
    accountId?: string;
  }): AdAccount => {
    const accountId = input.accountId ?? newId(state).slice(-15);
    const a: AdAccount = {
      type: 'adaccount',
      id: `act_${accountId}`,
      accountId,
      name: input.name,
      currency: input.currency ?? 'BRL',
      timezone: input.timezone ?? 'America/Sao_Paulo',
      businessId: newId(state),
      accountStatus: 1,
      userIds: input.userIds ?? [defaultUser().id],
    };
    state.nodes.set(a.id, a);
    return a;
  };

  const daysAgo = (n: number): number => nowSeconds() - n * 86_400;

  const campaign = (input: {
    accountId: string;
    name: string;
    objective?: string;
    status?: Status;
    dailyBudgetCents?: number | null;
    createdDaysAgo?: number;
  }): Campaign => {
    if (!nodeOf(state, input.accountId, 'adaccount')) throw new Error(`Conta de anúncios ${input.accountId} não existe`);
    const c: Campaign = {
      type: 'campaign',
      id: newId(state),
      accountId: input.accountId,
      name: input.name,
      objective: input.objective ?? 'OUTCOME_LEADS',
      status: input.status ?? 'ACTIVE',
      createdTime: daysAgo(input.createdDaysAgo ?? 120),
      dailyBudgetCents: input.dailyBudgetCents ?? null,
    };
    state.nodes.set(c.id, c);
    return c;
  };

  const adset = (input: {
    campaignId: string;
    name: string;
    status?: Status;
    dailyBudgetCents?: number | null;
    destinationType?: string;
  }): AdSet => {
    const c = nodeOf(state, input.campaignId, 'campaign');
    if (!c) throw new Error(`Campanha ${input.campaignId} não existe`);
    const s: AdSet = {
      type: 'adset',
      id: newId(state),
      accountId: c.accountId,
      campaignId: c.id,
      name: input.name,
      status: input.status ?? 'ACTIVE',
      createdTime: c.createdTime + 60,
      dailyBudgetCents: input.dailyBudgetCents ?? null,
      optimizationGoal: c.objective === 'OUTCOME_LEADS' ? 'LEAD_GENERATION' : 'CONVERSATIONS',
      destinationType: input.destinationType ?? (c.objective === 'OUTCOME_LEADS' ? 'ON_AD' : 'WHATSAPP'),
    };
    state.nodes.set(s.id, s);
    return s;
  };

  const ad = (input: { adsetId: string; name: string; status?: Status }): Ad => {
    const s = nodeOf(state, input.adsetId, 'adset');
    if (!s) throw new Error(`Conjunto de anúncios ${input.adsetId} não existe`);
    const a: Ad = {
      type: 'ad',
      id: newId(state),
      accountId: s.accountId,
      campaignId: s.campaignId,
      adsetId: s.id,
      name: input.name,
      status: input.status ?? 'ACTIVE',
      createdTime: s.createdTime + 60,
      creativeId: newId(state),
    };
    state.nodes.set(a.id, a);
    return a;
  };

  const page = (input: { name: string; category?: string; userIds?: string[] }): Page => {
    const p: Page = {
      type: 'page',
      id: newId(state).slice(-15),
      name: input.name,
      category: input.category ?? 'Dentista e consultório odontológico',
      userIds: input.userIds ?? [defaultUser().id],
      subscribedApps: new Map(),
    };
    state.nodes.set(p.id, p);
    return p;
  };

  const form = (input: {
    pageId: string;
    name: string;
    questions?: FormQuestion[];
    status?: 'ACTIVE' | 'ARCHIVED';
  }): LeadForm => {
    if (!nodeOf(state, input.pageId, 'page')) throw new Error(`Página ${input.pageId} não existe`);
    const f: LeadForm = {
      type: 'form',
      id: newId(state).slice(-16),
      pageId: input.pageId,
      name: input.name,
      status: input.status ?? 'ACTIVE',
      locale: 'pt_BR',
      questions: input.questions ?? [
        { key: 'full_name', label: 'Nome completo', type: 'FULL_NAME' },
        { key: 'phone_number', label: 'Número de telefone', type: 'PHONE' },
        { key: 'email', label: 'E-mail', type: 'EMAIL' },
      ],
      createdTime: daysAgo(100),
    };
    state.nodes.set(f.id, f);
    return f;
  };

  const dataset = (input: { name?: string; id?: string } = {}): Dataset => {
    const d: Dataset = { type: 'dataset', id: input.id ?? newId(state).slice(-15), name: input.name ?? 'Funil CRM' };
    state.nodes.set(d.id, d);
    return d;
  };

  const token = (
    input: {
      kind?: UserToken['kind'];
      userId?: string;
      pageId?: string;
      lifetimeSeconds?: number | null;
      scopes?: string[];
    } = {},
  ): string =>
    issueToken(state, {
      kind: input.kind ?? 'user',
      userId: input.userId ?? defaultUser().id,
      ...(input.pageId ? { pageId: input.pageId } : {}),
      lifetimeSeconds: input.lifetimeSeconds === undefined ? LONG_LIVED_SECONDS : input.lifetimeSeconds,
      scopes: input.scopes ?? DEFAULT_SCOPES,
    }).token;

  /** Whether Meta would notify the app of this page's leads: a callback URL and the page subscribed to `leadgen`. */
  const deliverable = (pageId: string): boolean => {
    const p = nodeOf(state, pageId, 'page');
    return Boolean(
      state.webhook?.fields.includes('leadgen') && [...(p?.subscribedApps.values() ?? [])].some((f) => f.includes('leadgen')),
    );
  };

  const deliver = (leadIds: string[], options: DeliverOptions = {}): { sent: boolean; reason?: string } => {
    const leads = leadIds.map((id) => nodeOf(state, id, 'lead')).filter((l): l is Lead => l !== null);
    if (!state.webhook) return { sent: false, reason: 'no callback URL (control route /_emulator/webhook)' };
    const ordered =
      options.order === 'reverse'
        ? [...leads].reverse()
        : options.order === 'shuffle'
          ? [...leads].sort(() => opts.random() - 0.5)
          : leads;
    const send = {
      ...(options.duplicates !== undefined ? { duplicates: options.duplicates } : {}),
      ...(options.badSignature ? { badSignature: true } : {}),
      ...(options.delayMs ? { delayMs: options.delayMs } : {}),
    };
    if (options.batch) sender.send(state.webhook.url, ordered, send);
    else for (const l of ordered) sender.send(state.webhook.url, [l], send);
    return { sent: true };
  };

  type LeadInput = {
    formId: string;
    adId?: string | null;
    organic?: boolean;
    platform?: 'fb' | 'ig';
    person?: Partial<Person>;
    /** Answers of the custom questions by key (others are picked). */
    answers?: Record<string, string>;
    createdTime?: number;
    /** Deliver its webhook: 'auto' (default) when the page is subscribed, true always (if a URL is set), false never. */
    deliver?: boolean | 'auto';
  } & DeliverOptions;

  const lead = (input: LeadInput): { lead: Lead; delivered: boolean } => {
    const f = nodeOf(state, input.formId, 'form');
    if (!f) throw new Error(`Formulário ${input.formId} não existe`);
    const organic = input.organic ?? false;
    let adNode: Ad | null = null;
    if (!organic) {
      adNode = input.adId ? nodeOf(state, input.adId, 'ad') : null;
      if (input.adId && !adNode) throw new Error(`Anúncio ${input.adId} não existe`);
      adNode ??=
        nodesOf(state, 'ad').filter((a) => nodeOf(state, a.campaignId, 'campaign')?.objective === 'OUTCOME_LEADS')[0] ?? null;
    }
    const person = { ...brazilianPerson(personRandom, ++personIndex), ...input.person };
    const fieldData = f.questions.map((q) => {
      const value =
        q.type === 'FULL_NAME'
          ? person.name
          : q.type === 'PHONE'
            ? person.phone
            : q.type === 'EMAIL'
              ? person.email
              : q.type === 'CITY'
                ? person.city
                : (input.answers?.[q.key] ??
                  CLINIC_FORMS.flatMap((c) => (c.question.key === q.key ? [...c.question.answers] : []))[0] ??
                  'Sim');
      return { name: q.key, values: [value] };
    });
    const l: Lead = {
      type: 'lead',
      id: newId(state).slice(-16),
      formId: f.id,
      pageId: f.pageId,
      adId: adNode?.id ?? null,
      adsetId: adNode?.adsetId ?? null,
      campaignId: adNode?.campaignId ?? null,
      createdTime: input.createdTime ?? nowSeconds(),
      isOrganic: organic,
      platform: input.platform ?? 'fb',
      fieldData,
    };
    state.nodes.set(l.id, l);
    const want = input.deliver ?? 'auto';
    const go = want === true ? Boolean(state.webhook) : want === 'auto' ? deliverable(f.pageId) : false;
    if (go) deliver([l.id], input);
    return { lead: l, delivered: go };
  };

  const dailyInsight = (
    input: Omit<DailyInsight, 'actions' | 'conversions'> & {
      actions?: Record<string, number>;
      conversions?: Record<string, number>;
    },
  ): DailyInsight => {
    if (!nodeOf(state, input.adId, 'ad')) throw new Error(`Anúncio ${input.adId} não existe`);
    const row: DailyInsight = { ...input, actions: input.actions ?? {}, conversions: input.conversions ?? {} };
    state.insights.set(`${input.adId}|${input.date}`, row);
    return row;
  };

  /**
   * Plausible daily delivery for every ad of an account over the last `days` days (today included):
   * lead campaigns carry both `lead` and its subset `onsite_conversion.lead_grouped` (never to be
   * summed), messaging campaigns `onsite_conversion.messaging_conversation_started_7d`, some days no lead.
   * The days are a function of (seed, ad, day) computed on read (daily-insights.ts), not objects held:
   * an account of 20,000 ads over a year costs the set of its ad ids. Returns how many days that is.
   */
  const generateInsights = (input: { accountId: string; days: number; seed?: number }): number => {
    const account = nodeOf(state, input.accountId, 'adaccount');
    if (!account) throw new Error(`Conta de anúncios ${input.accountId} não existe`);
    const today = todayIn(account.timezone);
    const adIds = nodesOf(state, 'ad')
      .filter((x) => x.accountId === account.id)
      .map((a) => a.id);
    return state.insights.generate(adIds, addDays(today, -(input.days - 1)), today, input.seed ?? 7);
  };

  const fail = (input: Partial<Failure> & { code: number }): Failure => {
    const f: Failure = {
      code: input.code,
      ...(input.subcode !== undefined ? { subcode: input.subcode } : {}),
      ...(input.message !== undefined ? { message: input.message } : {}),
      scope: input.scope ?? 'all',
      remaining: input.remaining === undefined ? 1 : input.remaining,
      regainMinutes: input.regainMinutes ?? 1,
    };
    state.failures.push(f);
    return f;
  };

  const expireTokens = (input: { token?: string; userId?: string } = {}): number => {
    let n = 0;
    for (const t of state.tokens.values()) {
      if ((input.token && t.token !== input.token) || (input.userId && t.userId !== input.userId)) continue;
      t.expiresAt = nowSeconds() - 1;
      n++;
    }
    return n;
  };

  const revokeTokens = (input: { token?: string; userId?: string; subcode?: 458 | 460 | 464 | 467 } = {}): number => {
    let n = 0;
    for (const t of state.tokens.values()) {
      if ((input.token && t.token !== input.token) || (input.userId && t.userId !== input.userId)) continue;
      t.revoked = input.subcode ?? 460;
      n++;
    }
    return n;
  };

  /** What the App Dashboard does when a callback URL is saved: the handshake, then the subscription. */
  const setWebhook = async (input: { url: string; verifyToken: string; fields?: string[]; skipVerification?: boolean }) => {
    if (!input.skipVerification) {
      const check = await verifyCallback(input.url, input.verifyToken);
      if (!check.ok) return { ok: false as const, status: check.status, body: check.body };
    }
    state.webhook = { url: input.url, verifyToken: input.verifyToken, fields: input.fields ?? ['leadgen'] };
    return { ok: true as const };
  };

  const subscribePage = (pageId: string, appId: string): void => {
    const p = nodeOf(state, pageId, 'page');
    if (!p) throw new Error(`Página ${pageId} não existe`);
    p.subscribedApps.set(appId, ['leadgen']);
  };

  const setAsyncMode = (mode: AsyncMode): void => {
    state.asyncMode = mode;
  };

  /** The demo's live Lead Ads: a lead every `intervalMs` on a random form, from an ad of the form's campaign. */
  const startLive = (input: { intervalMs: number }): void => {
    stopLive();
    live = setInterval(() => {
      const forms = nodesOf(state, 'form').filter((f) => f.status === 'ACTIVE');
      if (forms.length === 0) return;
      const f = forms[Math.floor(opts.random() * forms.length)]!;
      const candidates = nodesOf(state, 'ad').filter(
        (a) => a.status === 'ACTIVE' && nodeOf(state, a.campaignId, 'campaign')?.objective === 'OUTCOME_LEADS',
      );
      const chosen = candidates.length ? candidates[Math.floor(opts.random() * candidates.length)]! : null;
      lead({ formId: f.id, adId: chosen?.id ?? null, organic: !chosen });
      if (chosen) {
        const account = nodeOf(state, chosen.accountId, 'adaccount')!;
        const day = state.insights.materialize(chosen.id, todayIn(account.timezone));
        if (day) {
          day.actions.lead = (day.actions.lead ?? 0) + 1;
          day.actions['onsite_conversion.lead_grouped'] = (day.actions['onsite_conversion.lead_grouped'] ?? 0) + 1;
        }
      }
    }, input.intervalMs);
    live.unref();
  };
  const stopLive = (): void => {
    if (live) clearInterval(live);
    live = null;
  };

  /**
   * What WhatsApp puts in the first message of a click-to-WhatsApp ad (issue 23 §3): the
   * `contextInfo.externalAdReply` of Evolution 2.3.x, for the gateway emulator's incoming message.
   */
  const clickToWhatsappReferral = (adId: string) => {
    const a = nodeOf(state, adId, 'ad');
    if (!a) throw new Error(`Anúncio ${adId} não existe`);
    const c = nodeOf(state, a.campaignId, 'campaign');
    return {
      title: a.name,
      body: c ? `${c.name}: fale com a clínica pelo WhatsApp` : 'Fale conosco pelo WhatsApp',
      mediaType: 'IMAGE',
      thumbnailUrl: `https://scontent.xx.fbcdn.net/v/t45.1600-4/${a.creativeId}.jpg`,
      sourceType: 'ad',
      sourceId: a.id,
      sourceUrl: `https://fb.me/${a.id.slice(-9)}`,
      containsAutoReply: false,
      renderLargerThumbnail: true,
      showAdAttribution: true,
      ctwaClid: `Afe${Buffer.from(`${a.id}:${nowSeconds()}`).toString('base64url')}`,
    };
  };

  /** Leads from the past (not delivered: what a webhook missed), for the 90-day backfill. */
  const pastLeads = (count: number, forms: LeadForm[], maxDaysAgo = 60): Lead[] => {
    const random = seeded(90);
    const leadAds = nodesOf(state, 'ad').filter((a) => nodeOf(state, a.campaignId, 'campaign')?.objective === 'OUTCOME_LEADS');
    const out: Lead[] = [];
    for (let i = 0; i < count && forms.length > 0; i++) {
      const f = forms[i % forms.length]!;
      const chosen = leadAds.length ? leadAds[Math.floor(random() * leadAds.length)]! : null;
      const createdTime = nowSeconds() - Math.floor(random() * maxDaysAgo * 86_400) - 3600;
      out.push(lead({ formId: f.id, adId: chosen?.id ?? null, organic: !chosen, createdTime, deliver: false }).lead);
    }
    return out;
  };

  /** The demo's world (issue 23 §7, issue 24): a clinic's user, ad account, three campaigns, a page with two forms. */
  const seedDemo = (input: { days?: number; pastLeads?: number } = {}): DemoWorld => {
    const u = defaultUser();
    const account = adAccount({ name: 'Clínica Sorriso Paulista - Anúncios', userIds: [u.id] });
    const campaigns: Campaign[] = [];
    const adsets: AdSet[] = [];
    const ads: Ad[] = [];
    for (const c of CLINIC_CAMPAIGNS) {
      const cn = campaign({ accountId: account.id, name: c.name, objective: c.objective, dailyBudgetCents: c.dailyBudgetCents });
      campaigns.push(cn);
      for (const s of c.adsets) {
        const sn = adset({ campaignId: cn.id, name: s.name });
        adsets.push(sn);
        for (const name of s.ads) ads.push(ad({ adsetId: sn.id, name }));
      }
    }
    const p = page({ name: 'Clínica Sorriso Paulista', userIds: [u.id] });
    const forms = CLINIC_FORMS.map((f) =>
      form({
        pageId: p.id,
        name: f.name,
        questions: [
          { key: 'full_name', label: 'Nome completo', type: 'FULL_NAME' },
          { key: 'phone_number', label: 'Número de telefone', type: 'PHONE' },
          { key: 'email', label: 'E-mail', type: 'EMAIL' },
          { key: f.question.key, label: f.question.label, type: 'CUSTOM' },
        ],
      }),
    );
    const d = dataset({ name: 'Clínica Sorriso Paulista - CRM' });
    generateInsights({ accountId: account.id, days: input.days ?? 92 });
    if (input.pastLeads) pastLeads(input.pastLeads, forms);
    return { user: u, account, campaigns, adsets, ads, page: p, forms, dataset: d };
  };

  return {
    user,
    defaultUser,
    adAccount,
    campaign,
    adset,
    ad,
    page,
    form,
    dataset,
    token,
    lead,
    deliver,
    deliverable,
    dailyInsight,
    generateInsights,
    fail,
    clearFailures: () => {
      state.failures.length = 0;
    },
    setUsage: (percent: number) => {
      state.usagePercent = percent;
    },
    setAsyncMode,
    setInsightsLimitCap: (cap: number | null) => {
      state.insightsLimitCap = cap;
    },
    expireTokens,
    revokeTokens,
    setWebhook,
    subscribePage,
    setDialog: (mode: 'approve' | 'deny') => {
      state.dialog = mode;
    },
    startLive,
    stopLive,
    seedDemo,
    pastLeads,
    clickToWhatsappReferral,
    verifyCallback,
    conversions: () => state.conversions,
    webhookAttempts: () => sender.attempts,
  };
};
