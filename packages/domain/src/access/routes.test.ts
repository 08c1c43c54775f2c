// 000 §6 "Route access" and "Menu", row by row.
import { describe, expect, it } from 'vitest';

import { canManageInstances, PERMISSIONS, type Permission } from './roles.ts';
import {
  canAccessRoute,
  canUseSoftphone,
  menuFor,
  menuLabels,
  routeOfPath,
  ROUTES,
  type AccessContext,
  type AppRoute,
} from './routes.ts';

const ctx = (permission: Permission, over: Partial<AccessContext> = {}): AccessContext => ({
  permission,
  idRamal: 0,
  habilitaMensagemWhatsapp: false,
  extras: {},
  evolutionHabilitado: false,
  gatewayInstances: 0,
  ...over,
});
const allFlags: AccessContext['extras'] = {
  whatsapp_v2: true,
  pipeline: true,
  automacao: true,
  metaInsights: true,
  habilita_envio_em_massaV2: true,
};
const who = (route: AppRoute, over: Partial<AccessContext> = {}) =>
  PERMISSIONS.filter((p) => canAccessRoute(route, ctx(p, over)));

describe('000 §6 Route access', () => {
  it('/inicial and /dashboard: any logged user', () => {
    expect(who('/inicial')).toEqual([...PERMISSIONS]);
    expect(who('/dashboard')).toEqual([...PERMISSIONS]);
  });
  it('/webphone: user, or super-admin (000 §6), and ag for its unit dropdown (002 §2.1, issue 12)', () =>
    expect(who('/webphone')).toEqual(['u', 'ag', 'sa']));
  it('the softphone of /webphone: user or super-admin only; ag has no phone and no queue (002 §2.1 "replaces the call controller")', () => {
    expect(PERMISSIONS.filter((p) => canUseSoftphone(ctx(p, { idRamal: 201 })))).toEqual(['u', 'sa']);
  });
  it('/whatsapp: user only', () => expect(who('/whatsapp')).toEqual(['u']));
  it('/whatsappv2: user with the whatsapp_v2 flag', () => {
    expect(who('/whatsappv2')).toEqual([]);
    expect(who('/whatsappv2', { extras: { whatsapp_v2: true } })).toEqual(['u']);
  });
  it('/crm: user or admin (a and ag)', () => expect(who('/crm')).toEqual(['u', 'a', 'ag']));
  it('/insights: admin with the metaInsights flag', () => {
    expect(who('/insights')).toEqual([]);
    expect(who('/insights', { extras: { metaInsights: true } })).toEqual(['a', 'ag']);
  });
  it('/campanhas: admin, manager or multi-manager', () => expect(who('/campanhas')).toEqual(['a', 'ag', 'm', 'mg']));
  it('/unidades: super-admin', () => expect(who('/unidades')).toEqual(['sa']));
  // 000 §2 says nobody, 002 §2.10 describes the screen: super-admin and company admin (docs/decisions.md, issue 10).
  it('/potencial: super-admin and company admin (ag)', () =>
    expect(who('/potencial', { extras: allFlags })).toEqual(['ag', 'sa']));
  it('/usuarios: super-admin or admin', () => expect(who('/usuarios')).toEqual(['a', 'ag', 'sa']));
  // Issue 23 §2: the company's Meta Lead Ads intake.
  it('/leads-meta: super-admin and company admin (ag)', () => expect(who('/leads-meta')).toEqual(['ag', 'sa']));
  it('/configuracoes: admin', () => expect(who('/configuracoes')).toEqual(['a', 'ag']));
  it('/configuracoes-whatsapp: super-admin or admin', () => expect(who('/configuracoes-whatsapp')).toEqual(['a', 'ag', 'sa']));
  it('/parceiros: admin', () => expect(who('/parceiros')).toEqual(['a', 'ag']));
  it('/pipeline: admin, user or super-admin, with the pipeline flag', () => {
    expect(who('/pipeline')).toEqual([]);
    expect(who('/pipeline', { extras: { pipeline: true } })).toEqual(['u', 'a', 'ag', 'sa']);
  });
  it('/automacao: admin or user, with the automacao flag', () => {
    expect(who('/automacao')).toEqual([]);
    expect(who('/automacao', { extras: { automacao: true } })).toEqual(['u', 'a', 'ag']);
  });
  it('/configuracoes-globais, /status-negociacao, /status-negociacao-venda: super-admin', () => {
    expect(who('/configuracoes-globais')).toEqual(['sa']);
    expect(who('/status-negociacao')).toEqual(['sa']);
    expect(who('/status-negociacao-venda')).toEqual(['sa']);
  });
  it('/orientacoes (issue 10, not in 000 §6): admins and the super-admin', () =>
    expect(who('/orientacoes')).toEqual(['a', 'ag', 'sa']));
  it('/anuncios: admin or super-admin', () => expect(who('/anuncios')).toEqual(['a', 'ag', 'sa']));
  it('gateway screens need evolutionHabilitado (001 §6)', () => {
    expect(who('/instancias')).toEqual([]);
    expect(who('/instancias', { evolutionHabilitado: true })).toEqual([...PERMISSIONS]);
    expect(who('/whatsapp-v3', { evolutionHabilitado: true })).toEqual([...PERMISSIONS]);
  });
  it(
    'mass-send routes, with the flag: the composer for user and admin (002 §2.4 column menu for a and ' +
      'ag, issue 21 item 16), the monitor for user and admin',
    () => {
      expect(who('/envio-em-massa-cadastro')).toEqual([]);
      expect(who('/envio-em-massa-cadastro', { extras: { habilita_envio_em_massaV2: true } })).toEqual(['u', 'a', 'ag']);
      expect(who('/envio-em-massa', { extras: { habilita_envio_em_massaV2: true } })).toEqual(['u', 'a', 'ag']);
    },
  );
  it('maps browser paths with parameters to their route', () => {
    expect(routeOfPath('/anuncios/1/2/3')).toBe('/anuncios');
    expect(routeOfPath('/whatsapp-v3/55')).toBe('/whatsapp-v3');
    expect(routeOfPath('/nada')).toBeNull();
    expect(ROUTES.every((r) => routeOfPath(r) === r)).toBe(true);
  });
});

describe('000 §6 Menu', () => {
  const labels = (p: Permission, over: Partial<AccessContext> = {}) => menuLabels(menuFor(ctx(p, over)));

  it('Início and Dashboard for all', () => {
    for (const p of PERMISSIONS) expect(labels(p).slice(0, 2)).toEqual(['Início', 'Dashboard']);
  });
  it('attendant without flags: Início, Dashboard, CRM; no Cadastros', () =>
    expect(labels('u')).toEqual(['Início', 'Dashboard', 'CRM']));
  it('webphone shows to a user only when idRamal > 0, and always to the super-admin', () => {
    expect(labels('u', { idRamal: 201 })).toContain('Webphone');
    expect(labels('sa')).toContain('Webphone');
    expect(labels('a', { idRamal: 201 })).not.toContain('Webphone');
    // 002 §2.1: ag opens it for its unit dropdown, with or without an extension (docs/decisions.md "ag on /webphone").
    expect(labels('ag')).toContain('Webphone');
    expect(labels('ag', { idRamal: 201 })).toContain('Webphone');
    expect(labels('m', { idRamal: 201 })).not.toContain('Webphone');
  });
  it('legacy WhatsApp needs habilita_mensagem_whatsapp and whatsapp_v2 off', () => {
    expect(labels('u', { habilitaMensagemWhatsapp: true })).toContain('WhatsApp');
    expect(labels('u', { habilitaMensagemWhatsapp: true, extras: { whatsapp_v2: true } })).not.toContain('WhatsApp');
  });
  it('WhatsApp v2 for a user with whatsapp_v2 and no gateway instances', () => {
    expect(labels('u', { extras: { whatsapp_v2: true } })).toContain('WhatsApp v2');
    expect(labels('u', { extras: { whatsapp_v2: true }, evolutionHabilitado: true, gatewayInstances: 1 })).not.toContain(
      'WhatsApp v2',
    );
  });
  it('WhatsApp v3 and Instâncias whenever the unit has gateway instances', () => {
    for (const p of PERMISSIONS) {
      const l = labels(p, { evolutionHabilitado: true, gatewayInstances: 2 });
      expect(l).toContain('WhatsApp v3');
      expect(l).toContain('Instâncias');
    }
    expect(labels('u', { evolutionHabilitado: true, gatewayInstances: 0 })).not.toContain('Instâncias');
    // Those who may create the first instance see the screen before there is one.
    expect(labels('a', { evolutionHabilitado: true, gatewayInstances: 0 })).toContain('Instâncias');
    expect(labels('sa', { evolutionHabilitado: true, gatewayInstances: 0 })).toContain('Instâncias');
    expect(labels('m', { evolutionHabilitado: true, gatewayInstances: 0 })).not.toContain('Instâncias');
  });
  it('admin with every flag: the full menu with both groups, in the order of 000 §6', () => {
    expect(labels('a', { extras: allFlags })).toEqual([
      'Início',
      'Dashboard',
      'CRM',
      'Pipeline',
      'Meta Insights',
      'Automação',
      'Anúncios',
      'Envio Em Massa',
      'Envio Em Massa > Listar Envios',
      'Cadastros',
      'Cadastros > Campanhas',
      'Cadastros > Usuários',
      'Cadastros > Parceiros',
      'Cadastros > Configurações',
      'Cadastros > Orientações',
      'Cadastros > Modelos',
      'Cadastros > Auditoria',
    ]);
  });
  it('user with every flag: Cadastrar Envios and Listar Envios, no Cadastros', () => {
    expect(labels('u', { extras: allFlags, idRamal: 1 })).toEqual([
      'Início',
      'Dashboard',
      'Webphone',
      'CRM',
      'Pipeline',
      'WhatsApp v2',
      'Automação',
      'Envio Em Massa',
      'Envio Em Massa > Cadastrar Envios',
      'Envio Em Massa > Listar Envios',
    ]);
  });
  it('super-admin: Unidades, Usuários, the statuses, potentials, toggles, guidance, Modelos and Auditoria under Cadastros', () => {
    expect(labels('sa', { extras: allFlags })).toEqual([
      'Início',
      'Dashboard',
      'Webphone',
      'Pipeline',
      'Anúncios',
      'Leads do Meta',
      'Cadastros',
      'Cadastros > Unidades',
      'Cadastros > Usuários',
      'Cadastros > Negociação',
      'Cadastros > Status de Venda',
      'Cadastros > Potencial de Negociação',
      'Cadastros > Funcionalidades',
      'Cadastros > Orientações',
      'Cadastros > Modelos',
      'Cadastros > Auditoria',
      // Issue 23 §2: the company's Meta connection (super-admin or ag).
      'Cadastros > Integração Meta',
    ]);
  });
  it('/integracao-meta: super-admin and the company admin (ag) only (issue 23 §2)', () => {
    expect(who('/integracao-meta')).toEqual(['ag', 'sa']);
    expect(labels('ag', { extras: allFlags })).toContain('Cadastros > Integração Meta');
    expect(labels('a', { extras: allFlags })).not.toContain('Cadastros > Integração Meta');
  });
  it('manager and multi-manager: Cadastros > Campanhas only', () => {
    expect(labels('m', { extras: allFlags })).toEqual(['Início', 'Dashboard', 'Cadastros', 'Cadastros > Campanhas']);
    expect(labels('mg', { extras: allFlags })).toEqual(['Início', 'Dashboard', 'Cadastros', 'Cadastros > Campanhas']);
  });
  it('narrows to the screens this build ships and drops empty groups', () => {
    expect(labels('a', { extras: allFlags }).length).toBeGreaterThan(2);
    expect(menuLabels(menuFor(ctx('a', { extras: allFlags }), (r) => r === '/inicial'))).toEqual(['Início']);
  });
  it('never lists a route the matrix denies', () => {
    for (const p of PERMISSIONS) {
      const c = ctx(p, {
        extras: allFlags,
        idRamal: 5,
        habilitaMensagemWhatsapp: true,
        evolutionHabilitado: true,
        gatewayInstances: 1,
      });
      for (const entry of menuFor(c).flatMap((e) => (e.kind === 'link' ? [e] : e.children)))
        expect(canAccessRoute(entry.route, c)).toBe(true);
    }
  });
});

describe('who manages gateway instances (issue 7 §5, 001 §6)', () => {
  it('a, ag and the super-admin create, connect, disconnect and remove; u, m and mg do not', () => {
    expect(PERMISSIONS.filter((p) => canManageInstances(p))).toEqual(['a', 'ag', 'sa']);
  });
});
