// The role matrix of 000 §6: which routes a user may open and which menu entries they see.
// The web router, the drawer and the API guards all ask these functions; nothing else decides.
import { roleOf, type Permission, type RoleClass } from './roles.ts';

/** Everything about a session that the access rules of 000 §6 depend on. */
export type AccessContext = {
  permission: Permission;
  /** dados_usuario.idRamal: the extension; the webphone menu entry needs it above 0. */
  idRamal: number;
  /** currentUser.habilita_mensagem_whatsapp. */
  habilitaMensagemWhatsapp: boolean;
  /** Flags of crm_configuracoes.configuracoesExtra (000 §3). */
  extras: {
    whatsapp_v2?: boolean;
    pipeline?: boolean;
    automacao?: boolean;
    metaInsights?: boolean;
    habilita_envio_em_massaV2?: boolean;
  };
  /** evolutionHabilitado: the unit uses the instance-based gateway (001 §6). */
  evolutionHabilitado: boolean;
  /** How many gateway instances the unit has (instancias_evolution). */
  gatewayInstances: number;
};

export const ROUTES = [
  '/inicial',
  '/dashboard',
  '/webphone',
  '/whatsapp',
  '/whatsappv2',
  '/whatsapp-v3',
  '/instancias',
  '/crm',
  '/pipeline',
  '/insights',
  '/automacao',
  '/anuncios',
  '/campanhas',
  '/unidades',
  '/usuarios',
  '/configuracoes',
  '/configuracoes-whatsapp',
  '/parceiros',
  '/potencial',
  '/configuracoes-globais',
  '/status-negociacao',
  '/status-negociacao-venda',
  '/envio-em-massa-cadastro',
  '/envio-em-massa',
  '/orientacoes',
  // Issue 10: the audit trail of administration writes (not in 000 §2; docs/decisions.md).
  '/auditoria',
  // Issue 23 §2: the Meta Lead Ads intake (failed-intake log, forms, default unit): the company's.
  '/leads-meta',
  // Issue 23 §2: the company's Meta connection (not in 000 §2; docs/decisions.md).
  '/integracao-meta',
] as const;
export type AppRoute = (typeof ROUTES)[number];

type Rule = (ctx: AccessContext, role: RoleClass) => boolean;
const anyone: Rule = () => true;
const roles =
  (...allowed: RoleClass[]): Rule =>
  (_ctx, role) =>
    allowed.includes(role);
const both =
  (a: Rule, b: Rule): Rule =>
  (ctx, role) =>
    a(ctx, role) && b(ctx, role);
const flag =
  (name: keyof AccessContext['extras']): Rule =>
  (ctx) =>
    ctx.extras[name] === true;
// 001 §6: gateway screens and the v3 chat need evolutionHabilitado (see docs/decisions.md).
const gateway: Rule = (ctx) => ctx.evolutionHabilitado;

// Issue 23 §2: who connects a company's Meta account and watches its Lead Ads intake.
const companyMeta: Rule = (ctx, role) => role === 'superAdmin' || ctx.permission === 'ag';

// 000 §6 "Route access". Routes the table leaves out are "allowed"; the mass-send routes follow
// their menu rule instead, so that no route is open to someone whose menu never leads there.
const ROUTE_RULES: Record<AppRoute, Rule> = {
  '/inicial': anyone,
  '/dashboard': anyone,
  // 000 §6 "user, or super-admin", plus the company admin: 002 §2.1 "For the permission value ag, a
  // unit dropdown (label Unidades, placeholder Selecione a unidade) replaces the call controller"
  // (issue 12). ag gets no phone: see canUseSoftphone (docs/decisions.md "ag on /webphone").
  '/webphone': (ctx, role) => role === 'user' || role === 'superAdmin' || ctx.permission === 'ag',
  '/whatsapp': roles('user'),
  '/whatsappv2': both(roles('user'), flag('whatsapp_v2')),
  '/whatsapp-v3': gateway,
  '/instancias': gateway,
  '/crm': roles('user', 'admin'),
  '/insights': both(roles('admin'), flag('metaInsights')),
  '/campanhas': roles('admin', 'manager', 'multiManager'),
  '/unidades': roles('superAdmin'),
  // 000 §2 denies /potencial to all while 002 §2.10 describes the screen: the company's potentials
  // are a company-wide catalogue like its funnels, so the super-admin and the company admin (ag)
  // manage them; a unit admin would change every unit's list (docs/decisions.md).
  '/potencial': (ctx, role) => role === 'superAdmin' || ctx.permission === 'ag',
  '/usuarios': roles('superAdmin', 'admin'),
  '/configuracoes': roles('admin'),
  '/configuracoes-whatsapp': roles('superAdmin', 'admin'),
  '/parceiros': roles('admin'),
  '/pipeline': both(roles('admin', 'user', 'superAdmin'), flag('pipeline')),
  '/automacao': both(roles('admin', 'user'), flag('automacao')),
  '/configuracoes-globais': roles('superAdmin'),
  '/status-negociacao': roles('superAdmin'),
  '/status-negociacao-venda': roles('superAdmin'),
  '/anuncios': roles('admin', 'superAdmin'),
  // Issue 21 item 16: 002 §2.4 / §6 give the pipeline's column menu 'Iniciar envio em massa' for a
  // and ag, so the composer opens to admins too; its menu entry stays the user's (000 §6), an admin
  // reaches it from a pipeline column (docs/decisions.md "Issue 21: pipeline board…").
  '/envio-em-massa-cadastro': both(roles('user', 'admin'), flag('habilita_envio_em_massaV2')),
  '/envio-em-massa': both(roles('user', 'admin'), flag('habilita_envio_em_massaV2')),
  // Not in 000 §2 (the spec shows guidance only on /inicial): those who run a unit or a company
  // edit its home-screen texts; the server narrows a unit admin to their unit (docs/decisions.md).
  '/orientacoes': roles('admin', 'superAdmin'),
  // Issue 10: who may read GET cadastros/auditoria (admins of their scope, the super-admin all).
  '/auditoria': roles('admin', 'superAdmin'),
  // Issue 23 §2: the company's Meta connection is the super-admin's or the company admin's (ag).
  '/leads-meta': companyMeta,
  // Issue 23 §2: "A company connects its Meta account once (super-admin or ag)".
  '/integracao-meta': (ctx, role) => role === 'superAdmin' || ctx.permission === 'ag',
};

/** Whether a session may open a route (000 §6 "Route access"). A denied route redirects to /. */
export function canAccessRoute(route: AppRoute, ctx: AccessContext): boolean {
  return ROUTE_RULES[route](ctx, roleOf(ctx.permission));
}

/**
 * Whether a session gets the softphone of /webphone (call controller, credentials, queue, call
 * hours): user or super-admin, 000 §6's rule. The company admin (ag) opens /webphone for its unit
 * dropdown only (002 §2.1, §6 "ag shows a unit selector"): no phone, no queue, no 'Ligar Agora'.
 */
export function canUseSoftphone(ctx: AccessContext): boolean {
  const role = roleOf(ctx.permission);
  return canAccessRoute('/webphone', ctx) && (role === 'user' || role === 'superAdmin');
}

/**
 * The screens where leads are worked (000 §6, 001 §2, 002 §2): a write called from one of them
 * changes a lead or sends a WhatsApp message (lead data, statuses, notes, tags, schedules, calls,
 * chat sends, tickets, campaigns), unless its route declares it only reads or is no lead work (the
 * server's `leadWork` route option: a number check, a gateway instance; issue 22 §3).
 */
export const LEAD_WORK_ROUTES: readonly AppRoute[] = [
  '/crm',
  '/whatsapp-v3',
  '/whatsappv2',
  '/whatsapp',
  '/pipeline',
  '/webphone',
  '/envio-em-massa-cadastro',
  '/envio-em-massa',
];

/** The answer to a manager's lead write or send (issue 21 item 6). */
export const LEAD_WRITE_FORBIDDEN = 'Seu perfil acompanha os leads, mas não pode alterá-los nem enviar mensagens.';

/**
 * Whether a session may change leads and send WhatsApp messages (issue 21 item 6). No screen of
 * 000 §6 gives a manager (m) or multi-unit manager (mg) a lead action: /crm, /pipeline, /webphone,
 * the WhatsApp v1/v2 chats and mass send are closed to them, and the v3 chat they open with the
 * unit's gateway (001 §6) is theirs to read. Everyone else changes the leads they may see.
 */
export function canChangeLeads(permission: Permission): boolean {
  const role = roleOf(permission);
  return role !== 'manager' && role !== 'multiManager';
}

/** Maps a browser path such as `/anuncios/12/3` or `/whatsapp-v3/55` to its route, or null. */
export function routeOfPath(pathname: string): AppRoute | null {
  const first = '/' + (pathname.split('/')[1] ?? '');
  return (ROUTES as readonly string[]).includes(first) ? (first as AppRoute) : null;
}

export type MenuLink = { kind: 'link'; key: string; label: string; route: AppRoute };
export type MenuGroup = { kind: 'group'; key: string; label: string; children: MenuLink[] };
export type MenuEntry = MenuLink | MenuGroup;

type MenuSpec = { key: string; label: string; route: AppRoute; show: Rule };
const link = (key: string, label: string, route: AppRoute, show: Rule): MenuSpec => ({ key, label, route, show });

// 000 §6 "Menu", in its order.
const TOP_MENU: MenuSpec[] = [
  link('inicio', 'Início', '/inicial', anyone),
  link('dashboard', 'Dashboard', '/dashboard', anyone),
  // 000 §6: /webphone shows to a user only when idRamal > 0; ag has no phone, so no extension is needed (002 §2.1).
  link(
    'webphone',
    'Webphone',
    '/webphone',
    (ctx, role) => role === 'superAdmin' || ctx.permission === 'ag' || (role === 'user' && ctx.idRamal > 0),
  ),
  // 000 §6: /whatsapp needs habilita_mensagem_whatsapp and whatsapp_v2 off.
  link(
    'whatsapp',
    'WhatsApp',
    '/whatsapp',
    (ctx, role) => role === 'user' && ctx.habilitaMensagemWhatsapp && ctx.extras.whatsapp_v2 !== true,
  ),
  link('crm', 'CRM', '/crm', roles('user', 'admin')),
  link('pipeline', 'Pipeline', '/pipeline', both(roles('admin', 'user', 'superAdmin'), flag('pipeline'))),
  link(
    'whatsappv2',
    'WhatsApp v2',
    '/whatsappv2',
    (ctx, role) => role === 'user' && ctx.extras.whatsapp_v2 === true && ctx.gatewayInstances === 0,
  ),
  link('whatsappv3', 'WhatsApp v3', '/whatsapp-v3', (ctx) => ctx.evolutionHabilitado && ctx.gatewayInstances > 0),
  // 001 §2: Instâncias shows whenever the unit has instances; those who may create one (admins and
  // the super-admin) also see it with none, to connect the first one (docs/decisions.md).
  link(
    'instancias',
    'Instâncias',
    '/instancias',
    (ctx, role) => ctx.evolutionHabilitado && (ctx.gatewayInstances > 0 || role === 'admin' || role === 'superAdmin'),
  ),
  link('insights', 'Meta Insights', '/insights', both(roles('admin'), flag('metaInsights'))),
  link('automacao', 'Automação', '/automacao', both(roles('admin', 'user'), flag('automacao'))),
  link('anuncios', 'Anúncios', '/anuncios', roles('admin', 'superAdmin')),
  link('leads-meta', 'Leads do Meta', '/leads-meta', companyMeta),
];

const MASS_SEND_MENU: MenuSpec[] = [
  link('envio-cadastro', 'Cadastrar Envios', '/envio-em-massa-cadastro', roles('user')),
  link('envio-lista', 'Listar Envios', '/envio-em-massa', roles('user', 'admin')),
];

const CADASTROS_MENU: MenuSpec[] = [
  link('campanhas', 'Campanhas', '/campanhas', roles('admin', 'manager', 'multiManager')),
  link('unidades', 'Unidades', '/unidades', roles('superAdmin')),
  link('usuarios', 'Usuários', '/usuarios', roles('admin', 'superAdmin')),
  // 000 §6 lists /parceiros (admin) without a menu entry; issue 10 makes it reachable.
  link('parceiros', 'Parceiros', '/parceiros', roles('admin')),
  link('negociacao', 'Negociação', '/status-negociacao', roles('superAdmin')),
  // 000 §6 lists no menu entry for the other screens of 002 §2.8–§2.10; a screen nobody can reach
  // is of no use (docs/decisions.md). Each follows its route's rule.
  link('status-venda', 'Status de Venda', '/status-negociacao-venda', roles('superAdmin')),
  // 000 §2 has no menu entry for /potencial; a screen nobody can reach is of no use (docs/decisions.md).
  link('potencial', 'Potencial de Negociação', '/potencial', anyone),
  link('configuracoes', 'Configurações', '/configuracoes', roles('admin')),
  link('funcionalidades', 'Funcionalidades', '/configuracoes-globais', roles('superAdmin')),
  link('orientacoes', 'Orientações', '/orientacoes', roles('admin', 'superAdmin')),
  link('modelos', 'Modelos', '/configuracoes-whatsapp', roles('superAdmin', 'admin')),
  link('auditoria', 'Auditoria', '/auditoria', roles('admin', 'superAdmin')),
  link('integracao-meta', 'Integração Meta', '/integracao-meta', (ctx, role) => role === 'superAdmin' || ctx.permission === 'ag'),
];

/**
 * The drawer menu of 000 §6 for a session. `available` narrows it to the screens this build ships
 * (a screen that is not built yet is not in the menu); groups without children are dropped.
 */
export function menuFor(ctx: AccessContext, available: (route: AppRoute) => boolean = () => true): MenuEntry[] {
  const role = roleOf(ctx.permission);
  const pick = (specs: MenuSpec[]): MenuLink[] =>
    specs
      .filter((s) => s.show(ctx, role) && canAccessRoute(s.route, ctx) && available(s.route))
      .map((s) => ({ kind: 'link', key: s.key, label: s.label, route: s.route }));

  const entries: MenuEntry[] = [...pick(TOP_MENU)];
  // 000 §2: 'Envio Em Massa' exists only with habilita_envio_em_massaV2, for user and admin roles.
  if (ctx.extras.habilita_envio_em_massaV2 === true && (role === 'user' || role === 'admin')) {
    const children = pick(MASS_SEND_MENU);
    if (children.length > 0) entries.push({ kind: 'group', key: 'envio-em-massa', label: 'Envio Em Massa', children });
  }
  // 000 §2: 'Cadastros' is a group for every role except user.
  if (role !== 'user') {
    const children = pick(CADASTROS_MENU);
    if (children.length > 0) entries.push({ kind: 'group', key: 'cadastros', label: 'Cadastros', children });
  }
  return entries;
}

/** The labels of a menu, flattened in order, groups as "Grupo > Filho". Handy for comparing menus. */
export function menuLabels(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => (e.kind === 'link' ? [e.label] : [e.label, ...e.children.map((c) => `${e.label} > ${c.label}`)]));
}
