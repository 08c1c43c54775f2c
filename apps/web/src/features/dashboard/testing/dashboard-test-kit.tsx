// Test kit of the dashboard components: answers for every dashboard call, parsed by the contract's
// schemas (a fixture that drifts from packages/domain fails here first), the fake API answering by
// call name and recording the paths sent, and the providers the screens need (date pickers in pt-BR).
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { configure } from '@testing-library/react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

import 'dayjs/locale/pt-br';

import {
  attendanceResponseSchema,
  campaignsResponseSchema,
  captureResponseSchema,
  classicDailyResponseSchema,
  classicResponseSchema,
  conversionValuesResponseSchema,
  leadsTablesResponseSchema,
  ltvResponseSchema,
  rankingResponseSchema,
  stagesResponseSchema,
  timeResponseSchema,
  workingHoursOf,
  type DashboardCall,
} from '@funil/domain/dashboard/dashboard-api';

import { renderWithProviders, serveApi } from '../../../testing/kit.tsx';

dayjs.locale('pt-br');
configure({ asyncUtilTimeout: 10_000 });

const periods = {
  periodo: { inicio: '2026-11-19 00:00:00', fim: '2026-11-25 23:59:59' },
  periodo_anterior: { inicio: '2026-11-12 00:00:00', fim: '2026-11-18 23:59:59' },
};
const captureCards = {
  'Leads Captados': 1234,
  Impactados: 900,
  Mensagens: 700,
  Ligacao: 450,
  Responderam: 300,
  'Respondeu Wpp': 220,
  Atendeu: 120,
  Valor: 15300.5,
  Conversao: 3,
};
const attendanceCards = {
  leads_impactados: 900,
  impactados_mensagem: 700,
  impactados_ligacao: 450,
  responderam: 300,
  responderam_mensagem: 220,
  responderam_ligacao: 120,
  percentual_responderam: 33.33,
  percentual_responderam_mensagem: 31.43,
  percentual_responderam_ligacao: 26.67,
  media_mensagens: 1.5,
  media_tentativas_ligacao: 2.667,
  valor_conversoes: 15300.5,
  conversoes: 3,
};
const times = {
  tempo_medio_conversao: 3 * 86400 + 4 * 3600,
  tempo_medio_contato_mensagem: 185,
  tempo_medio_contato_ligacao: 2 * 3600 + 7 * 60,
  tempo_medio_resposta_mensagem: 42,
  duracao_media_ligacao: 95,
  duracao_total_ligacoes: 5 * 3600,
  tempo_medio_primeiro_contato_horario_util: 600,
};

/** Issue 23 §6: no campaign with a cost or leads; '—' everywhere. */
export const emptyCosts = {
  campanhas: [],
  total: { custo: null, leads: 0, vendas: 0, valor: 0, custo_por_lead: null, custo_por_venda: null, roas: null },
  leads_sem_anuncio: 0,
};

export function capturedRows(count: number, offset = 0) {
  return Array.from({ length: count }, (_, i) => ({
    cli_crm_id: offset + i + 1,
    data_captacao: '2026-11-24T13:05:00.000Z',
    cli_nome: `Lead ${offset + i + 1}`,
    anuncio: 'Anúncio Verão',
    cli_telefone: '11987654321',
    negociacao: 'Em negociação',
    valor_ticket: 1500,
  }));
}

/** The answer of each call; tests override what they look at. */
export function dashboardAnswers(over: Partial<Record<DashboardCall, unknown>> = {}): Record<DashboardCall, unknown> {
  const base: Record<DashboardCall, unknown> = {
    captacao: captureResponseSchema.parse({
      data: {
        cards_captacao: captureCards,
        cards_captacao_anterior: { ...captureCards, 'Leads Captados': 1000, Valor: 0 },
        grafico_funil_captacao: [
          { nome: 'Leads Captados', valor: 1234 },
          { nome: 'Impactados', valor: 900 },
          { nome: 'Responderam', valor: 300 },
          { nome: 'Conversões', valor: 3 },
        ],
        grafico_donut_captacao: [
          { id: 1, nome: 'Facebook', valor: 800 },
          { id: 2, nome: 'Google', valor: 434 },
        ],
        grafico_column_captacao: [
          {
            nome: 'Novo',
            'Leads Captados': 10,
            cli_campanha_nome: 'Campanha de Verão 2026 - Leads',
            id_funil: 1,
            cor: '#0891b2',
          },
          {
            nome: 'Vendido',
            'Leads Captados': 2,
            cli_campanha_nome: 'Campanha de Verão 2026 - Leads',
            id_funil: 5,
            cor: '#16a34a',
          },
        ],
        custos: emptyCosts,
        ...periods,
      },
    }),
    atendimento: attendanceResponseSchema.parse({
      data: {
        cards_atendimento: attendanceCards,
        cards_atendimento_anterior: { ...attendanceCards, leads_impactados: 1000 },
        ...periods,
      },
    }),
    'atendimento-conversao-valores': conversionValuesResponseSchema.parse({
      data: {
        conversao_valores: { conversoes: 3, valor_conversoes: 15300.5, ticket_medio: 5100.17 },
        conversao_valores_anterior: { conversoes: 2, valor_conversoes: 9000, ticket_medio: 4500 },
        por_dia: [{ dia: '2026-11-24', conversoes: 3, valor: 15300.5 }],
        ...periods,
      },
    }),
    'atendimento-tempo': timeResponseSchema.parse({
      data: {
        tempos: times,
        tempos_anterior: { ...times, tempo_medio_resposta_mensagem: 84 },
        horario_util: workingHoursOf(null),
        ...periods,
      },
    }),
    'atendimento-leads': leadsTablesResponseSchema.parse({
      data: {
        tabela_leads_captados: [],
        tabela_leads_antendidos: [],
        total_captados: 0,
        total_atendidos: 0,
        pagina_captacao: 1,
        pagina_atendimento: 1,
        por_pagina: 25,
      },
    }),
    ranking: rankingResponseSchema.parse({
      data: {
        ranking: [
          {
            id_usuario: 4,
            nome: 'Bruna Lima',
            ligacoes: 40,
            ligacoes_atendidas: 22,
            minutos_falados: 95.5,
            mensagens_enviadas: 120,
            leads_contatados: 60,
            tempo_medio_primeira_resposta: 300,
            conversoes: 2,
            valor_conversoes: 12000,
          },
          {
            id_usuario: 5,
            nome: 'Carlos Souza',
            ligacoes: 30,
            ligacoes_atendidas: 10,
            minutos_falados: 40,
            mensagens_enviadas: 80,
            leads_contatados: 45,
            tempo_medio_primeira_resposta: 900,
            conversoes: 1,
            valor_conversoes: 3300.5,
          },
        ],
        ranking_anterior: [],
        ...periods,
      },
    }),
    etapas: stagesResponseSchema.parse({
      data: {
        etapas: [
          {
            id_funil: 1,
            nome: 'Novo',
            cor: '#0891b2',
            entraram: 1234,
            avancaram: 300,
            taxa_avanco: 24.31,
            tempo_medio_na_etapa: 7200,
          },
        ],
        ...periods,
      },
    }),
    crm: classicResponseSchema.parse({ data: classicData() }),
    crmat: classicResponseSchema.parse({ data: classicData() }),
    crmdata: classicDailyResponseSchema.parse({
      data: { crm_atendimentos: [], crm_ligacoes: [], crm_valores: [], unidades: [1], ...periods },
    }),
    campanhas: campaignsResponseSchema.parse({
      data: {
        crm_campanhas: [],
        melhor: null,
        media: { taxa_conversao: 0, conversoes: 0, leads: 0 },
        pior: null,
        minutos_por_conversao: null,
        ticket_medio: 0,
        por_dia: [],
        custos: emptyCosts,
        unidades: [1],
        ...periods,
      },
    }),
    ltv: ltvResponseSchema.parse({
      data: {
        crm_valores: [],
        melhor: null,
        media: { ltv: 0, clientes: 0 },
        pior: null,
        minutos_por_cliente: null,
        ticket_medio: 0,
        por_mes: [],
        custos: emptyCosts,
        unidades: [1],
        ...periods,
      },
    }),
  };
  return { ...base, ...over };
}

function classicData() {
  const totals = {
    total: 120,
    novos: 30,
    nao_atendidos: 20,
    atendidos: 60,
    em_atendimento: 10,
    convertidos: 5,
    valor_ticket: 25000,
    ligacoes: 80,
    ligacoes_atendidas: 50,
  };
  return {
    crm_total: totals,
    crm_total_anterior: { ...totals, total: 100 },
    crm_status_negociacao: [{ id: 1, nome: 'Novo', cor: '#0891b2', total: 30 }],
    crm_total_ligacao: [{ id: 3, nome: 'Atendido', cor: '#0d9488', total: 60 }],
    crm_status_venda: [{ id: 1, nome: 'Nenhum', cor: '#64748b', total: 115 }],
    recentes: [
      {
        cli_crm_id: 9,
        cli_nome: 'Mariana Alves',
        cli_telefone: '11987654321',
        data: '2026-11-25T12:00:00.000Z',
        negociacao: 'Novo',
        venda: 'Nenhum',
        atendente: null,
        valor_ticket: 0,
        id_unidade: 1,
      },
    ],
    unidades: [1],
    ...periods,
  };
}

/** A sent request: the call name and the path after 'dashboard/{call}/'. */
export type SentCall = { call: string; tail: string; path: string };

/**
 * The dashboard's fake API (the web test kit's MSW server): `dashboard/{call}/…` answers
 * `answers[call]` (or a function of the path's tail), contato/lista-campanhas and cadastros/unidades
 * answer fixed lists, anything else 404. Returns the dashboard calls sent, in order.
 */
export function stubDashboardApi(answers: Record<string, unknown | ((tail: string) => unknown)>): SentCall[] {
  const sent: SentCall[] = [];
  serveApi((request) => {
    const path = request.path.replace(/^\//, '');
    const match = /^dashboard\/([a-z-]+)\/(.*)$/.exec(path);
    let body: unknown;
    if (match) {
      const [, call = '', tail = ''] = match;
      sent.push({ call, tail, path });
      const answer = answers[call];
      body = typeof answer === 'function' ? (answer as (tail: string) => unknown)(tail) : answer;
    } else if (path === 'contato/lista-campanhas') {
      body = { data: [{ cli_campanha_nome: 'Campanha de Verão 2026 - Leads' }, { cli_campanha_nome: 'Black Friday' }] };
    } else if (path === 'cadastros/unidades') {
      body = {
        data: [
          { id: 1, nome: 'Centro', idFunil: null, idFunilVenda: null },
          { id: 2, nome: 'Zona Sul', idFunil: null, idFunilVenda: null },
        ],
      };
    }
    if (body === undefined) return { status: 404, body: { message: 'Rota não encontrada.', status: 404 } };
    return { body };
  });
  return sent;
}

export function renderDashboard(node: ReactNode) {
  return renderWithProviders(
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale="pt-br">
      {node}
    </LocalizationProvider>,
  );
}

/** The unit data the dashboard reads (000 §3), for a mocked useLoadedUnitData. */
export function dashboardUnitData(over: { url_dashboard?: string | null; dash_v2?: boolean } = {}) {
  return {
    dados_unidade: { id: 1, nome: 'Centro', idEmpresa: 7, nomeEmpresa: 'Imobiliária Horizonte' },
    url_dashboard: over.url_dashboard ?? null,
    crm_configuracoes: { configuracoesExtra: JSON.stringify({ dash_v2: over.dash_v2 ?? true }) },
    plataformas: [
      { id: 1, nome: 'Facebook' },
      { id: 2, nome: 'Google' },
    ],
    statusNegociacaoVenda: [
      { id: 11, nome: 'Nenhum', cor: '#64748b', descricao: null, idFunilVenda: 1 },
      { id: 12, nome: 'Cliente', cor: '#16a34a', descricao: null, idFunilVenda: 2 },
    ],
    usuarios: [
      { id: 4, nome: 'Bruna Lima', cor: '#1d4ed8' },
      { id: 5, nome: 'Carlos Souza', cor: '#0d9488' },
    ],
  };
}
