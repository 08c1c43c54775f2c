// The screen of every route of 000 §2 (ROUTES): the type makes each route have one, so a route is
// added to the domain's list and its screen here together. The router opens these.
import { lazy, type ComponentType } from 'react';

import type { AppRoute } from '@funil/domain/access/routes';

import { HomeScreen } from '../features/home/components/home-screen.tsx';
import { InstancesScreen } from '../features/instances/components/instances-screen.tsx';

export type ScreenEntry = {
  component: ComponentType;
  /**
   * React Router patterns under the route, for screens with optional segments (e.g. '/whatsapp-v3/:cliCrmId?'). Defaults to the
   * route itself.
   */
  paths?: readonly string[];
};

export const SCREENS: Record<AppRoute, ScreenEntry> = {
  '/inicial': { component: HomeScreen },
  // Issue 14: the three dashboard variants of 000 §2, the second route of every role.
  '/dashboard': {
    component: lazy(() =>
      import('../features/dashboard/components/dashboard-screen.tsx').then((m) => ({ default: m.DashboardScreen })),
    ),
  },
  '/webphone': { component: lazy(() => import('./webphone-screen.tsx').then((m) => ({ default: m.WebphoneScreen }))) },
  '/crm': {
    component: lazy(() => import('../features/leads/components/crm-screen.tsx').then((m) => ({ default: m.CrmScreen }))),
  },
  '/instancias': { component: InstancesScreen },
  // Issue 9: one set of chat components for the three channels, composed in chat-screens.tsx.
  '/whatsapp-v3': {
    component: lazy(() => import('./chat-screens.tsx').then((m) => ({ default: m.ChatV3Screen }))),
    paths: ['/whatsapp-v3', '/whatsapp-v3/:cliCrmId'],
  },
  '/whatsappv2': {
    component: lazy(() => import('./chat-screens.tsx').then((m) => ({ default: m.ChatV2Screen }))),
    paths: ['/whatsappv2', '/whatsappv2/:cliCrmId'],
  },
  '/whatsapp': {
    component: lazy(() => import('./chat-screens.tsx').then((m) => ({ default: m.ChatLegacyScreen }))),
    paths: ['/whatsapp', '/whatsapp/:cliCrmId'],
  },
  '/configuracoes-globais': {
    component: lazy(() =>
      import('../features/feature-toggles/components/feature-toggles-screen.tsx').then((m) => ({
        default: m.FeatureTogglesScreen,
      })),
    ),
  },
  '/orientacoes': {
    component: lazy(() =>
      import('../features/guidance-admin/components/guidance-admin-screen.tsx').then((m) => ({ default: m.GuidanceAdminScreen })),
    ),
  },
  '/status-negociacao': {
    component: lazy(() =>
      import('../features/statuses/components/statuses-screen.tsx').then((m) => ({ default: m.NegotiationStatusesScreen })),
    ),
  },
  '/status-negociacao-venda': {
    component: lazy(() =>
      import('../features/statuses/components/statuses-screen.tsx').then((m) => ({ default: m.SaleStatusesScreen })),
    ),
  },
  '/potencial': {
    component: lazy(() =>
      import('../features/potentials/components/potentials-screen.tsx').then((m) => ({ default: m.PotentialsScreen })),
    ),
  },
  '/configuracoes': {
    component: lazy(() =>
      import('../features/unit-settings/components/unit-settings-screen.tsx').then((m) => ({ default: m.UnitSettingsScreen })),
    ),
  },
  '/usuarios': {
    component: lazy(() => import('../features/users/components/users-screen.tsx').then((m) => ({ default: m.UsersScreen }))),
  },
  '/parceiros': {
    component: lazy(() =>
      import('../features/partners/components/partners-screen.tsx').then((m) => ({ default: m.PartnersScreen })),
    ),
  },
  // Issue 25: automations (002 §2.7).
  '/automacao': {
    component: lazy(() =>
      import('../features/automations/components/automations-screen.tsx').then((m) => ({ default: m.AutomationsScreen })),
    ),
  },
  '/auditoria': {
    component: lazy(() => import('../features/audit/components/audit-screen.tsx').then((m) => ({ default: m.AuditScreen }))),
  },
  '/pipeline': { component: lazy(() => import('./pipeline-route.tsx').then((m) => ({ default: m.PipelineRoute }))) },
  '/configuracoes-whatsapp': {
    component: lazy(() =>
      import('../features/quick-messages/components/quick-messages-screen.tsx').then((m) => ({ default: m.QuickMessagesScreen })),
    ),
  },
  // Issue 13: the mass-send composer and monitor, composed in mass-send-screens.tsx.
  '/envio-em-massa-cadastro': {
    component: lazy(() => import('./mass-send-screens.tsx').then((m) => ({ default: m.MassSendComposerScreen }))),
  },
  '/envio-em-massa': {
    component: lazy(() => import('./mass-send-screens.tsx').then((m) => ({ default: m.MassSendMonitorScreen }))),
  },
  // Issue 23 §5 §6: the ads catalogue's four levels and the campaign costs.
  '/anuncios': {
    component: lazy(() =>
      import('../features/ads/components/ads-catalogue-screen.tsx').then((m) => ({ default: m.AdsCatalogueScreen })),
    ),
    paths: ['/anuncios', '/anuncios/:idCampanha', '/anuncios/:idCampanha/:idAdSet', '/anuncios/:idCampanha/:idAdSet/:idAd'],
  },
  '/campanhas': {
    component: lazy(() =>
      import('../features/ads/components/campaign-costs-screen.tsx').then((m) => ({ default: m.CampaignCostsScreen })),
    ),
  },
  // Issue 23 §2: the Meta Lead Ads intake (forms, 'Buscar leads dos últimos 90 dias', the failed-intake log).
  '/leads-meta': {
    component: lazy(() => import('../features/lead-ads/lead-ads-screen.tsx').then((m) => ({ default: m.LeadAdsScreen }))),
  },
  // Issue 23 §2: the company's Meta connection (super-admin and ag).
  '/integracao-meta': {
    component: lazy(() =>
      import('../features/meta/components/meta-connection-screen.tsx').then((m) => ({ default: m.MetaConnectionScreen })),
    ),
  },
  // Issue 24: Meta Insights (002 §2.5), admins with the metaInsights flag.
  '/insights': {
    component: lazy(() =>
      import('../features/insights/components/insights-screen.tsx').then((m) => ({ default: m.InsightsScreen })),
    ),
  },
  '/unidades': {
    component: lazy(() => import('../features/units/components/units-screen.tsx').then((m) => ({ default: m.UnitsScreen }))),
  },
};
