// Test data for every layer (ARCHITECTURE "Tests and fixtures"): realistic Brazilian leads,
// history events, tags, users and statuses, deterministic for a given seed.
import { foldAccents } from '../format/fold.ts';
import type { CrmContato } from '../leads-api/lead-api.ts';
import type { Lead, LeadListItem } from '../leads/lead.ts';
import { TAG_COLORS } from '../leads/negotiation.ts';
import type { HistoryEvent } from '../leads/timeline.ts';
import type { UnitData } from '../unit/unit-data.ts';
import type { ChatMessage } from '../whatsapp-api/chat-message.ts';

/** A deterministic random source in [0, 1) (mulberry32). */
export type Random = () => number;

/** Creates a seeded random source; the same seed always gives the same sequence. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const FIRST_NAMES = [
  'Ana',
  'Beatriz',
  'Carlos',
  'Daniela',
  'Eduardo',
  'Fernanda',
  'Gabriel',
  'Helena',
  'Igor',
  'Juliana',
  'Lucas',
  'Mariana',
  'Nicolas',
  'Otávio',
  'Patrícia',
  'Rafael',
  'Sabrina',
  'Thiago',
  'Vitória',
  'João',
] as const;
const LAST_NAMES = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Costa',
  'Ribeiro',
  'Martins',
  'Carvalho',
  'Araújo',
  'Conceição',
] as const;
const AREA_CODES = ['11', '21', '31', '41', '47', '51', '61', '71', '81', '85'] as const;
const CAMPAIGNS = ['Clareamento Verão', 'Implante Dentário 2024', 'Lentes de Contato Dental', 'Ortodontia Invisível'] as const;
const ADS = ['Anúncio Carrossel 01', 'Vídeo Depoimento', 'Oferta Avaliação Gratuita', 'Stories Antes e Depois'] as const;
const EMAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'uol.com.br', 'bol.com.br'] as const;

function pick<T>(random: Random, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const digits = (random: Random, count: number): string =>
  Array.from({ length: count }, () => String(Math.floor(random() * 10))).join('');

const slug = (text: string): string =>
  foldAccents(text)
    .toLowerCase()
    .replace(/[^a-z]+/g, '.');

/** The factories bound to one seeded sequence: ids grow, data varies, all reproducible. */
export type Factories = {
  random: Random;
  /** A Brazilian mobile, 11 digits without 55 (001 §3 cli_telefone). */
  phone(): string;
  makeLead(overrides?: Partial<Lead>): Lead;
  makeLeads(count: number, overrides?: Partial<Lead>): Lead[];
  makeLeadListItem(overrides?: Partial<LeadListItem>): LeadListItem;
  makeHistoryEvent(overrides?: Partial<HistoryEvent>): HistoryEvent;
  makeTag(overrides?: Partial<{ id: number; nome: string; cor: string; descricao: string | null }>): {
    id: number;
    nome: string;
    cor: string;
    descricao: string | null;
  };
  makeUser(overrides?: Partial<{ id: number; nome: string; cor: string }>): { id: number; nome: string; cor: string };
};

/**
 * Creates seeded factories. Each call of a maker advances the sequence: ids count up from 1 and
 * the data is drawn from the seed, so two factory sets with the same seed give equal results.
 */
export function createFactories(seed = 1): Factories {
  const random = createRandom(seed);
  let nextId = 1;
  const id = (): number => nextId++;
  const phone = (): string => `${pick(random, AREA_CODES)}9${String(6 + Math.floor(random() * 4))}${digits(random, 7)}`;
  const baseDate = Date.UTC(2024, 0, 1, 12);
  const isoDaysAfterBase = (maxDays: number): string =>
    new Date(baseDate + Math.floor(random() * maxDays * 86_400_000)).toISOString();

  const makeLead = (overrides: Partial<Lead> = {}): Lead => {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, LAST_NAMES);
    const leadId = id();
    const lead: Lead = {
      cli_crm_id: leadId,
      cli_id: null,
      cli_nome: `${first} ${last}`,
      cli_telefone: phone(),
      cli_email: `${slug(first)}.${slug(last)}${leadId}@${pick(random, EMAIL_DOMAINS)}`,
      cli_contato_status: 1,
      cli_mensagem_status: 0,
      cli_tipo_lead: 1 + Math.floor(random() * 3),
      cli_data_captacao: isoDaysAfterBase(180),
      cli_contato_agendado: null,
      cli_data_proxima_tentativa: null,
      cli_status_negociacao: 1,
      cli_status_negociacao_venda: 1,
      cli_campanha_interesse: null,
      cli_campanha_nome: pick(random, CAMPAIGNS),
      cli_url_foto: null,
      cli_id_atendimento: null,
      unidade: 1,
      idEmpresa: 1,
      idUsuario: null,
      nome_atendimento: null,
      valor_ticket: null,
      ad_name: pick(random, ADS),
      informacoesExtra: { cep: `${digits(random, 5)}${digits(random, 3)}` },
      utm_campaign: null,
      utm_medium: null,
      utm_source: null,
      utm_content: null,
      utm_term: null,
      whatsapp_blocked: 0,
      idTicket: null,
      idInstanciaEvolution: null,
      isGroup: false,
      marcado_nao_lida: 0,
      desativado: 0,
      cli_mensagem_agendada: null,
      cli_data_mensagem_agendada: null,
    };
    return { ...lead, ...overrides };
  };

  return {
    random,
    phone,
    makeLead,
    makeLeads: (count, overrides = {}) => Array.from({ length: count }, () => makeLead(overrides)),
    makeLeadListItem: (overrides = {}) => ({
      ...makeLead(),
      whatsapp_ultima_mensagem_texto: 'Olá, gostaria de saber mais sobre a avaliação.',
      whatsapp_ultima_mensagem_data_geral: isoDaysAfterBase(180),
      whatsapp_ultima_mensagem_data_enviada: null,
      whatsapp_ultima_mensagem_data_recebida: null,
      whatsapp_ultima_mensagem_nao_lidas: Math.floor(random() * 4),
      whatsapp_ultima_mensagem_from_me: 0,
      whatsapp_ultima_mensagem_tipo: 'text',
      whatsapp_ultima_mensagem_status: 2,
      ...overrides,
    }),
    makeHistoryEvent: (overrides = {}) => ({
      id: id(),
      cli_crm_id: 1,
      atendente: 1,
      data_comentario: isoDaysAfterBase(180),
      comentario: null,
      datacad: null,
      texto: 'Cliente pediu retorno no fim da tarde.',
      texto_antigo: null,
      url_gravacao: null,
      tentativas: null,
      duracao: null,
      duracao_falada: null,
      duracao_cobrada: null,
      status_chamada: null,
      motivo_desconexao: null,
      tipo: 2,
      id_antigo: null,
      id_novo: null,
      valor_antigo: null,
      valor_novo: null,
      descricao: null,
      ...overrides,
    }),
    makeTag: (overrides = {}) => ({
      id: id(),
      nome: pick(random, ['Quente', 'Retornar', 'VIP', 'Indicação', 'Orçamento enviado']),
      cor: pick(random, TAG_COLORS).hex,
      descricao: null,
      ...overrides,
    }),
    makeUser: (overrides = {}) => ({
      id: id(),
      nome: `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`,
      cor: pick(random, TAG_COLORS).hex,
      ...overrides,
    }),
  };
}

/** One lead, deterministic for the seed (default 1): makeLead({ cli_nome: 'Ana' }). */
export function makeLead(overrides: Partial<Lead> = {}, seed = 1): Lead {
  return createFactories(seed).makeLead(overrides);
}

/** `count` leads with ids 1..count, deterministic for the seed. */
export function makeLeads(count: number, overrides: Partial<Lead> = {}, seed = 1): Lead[] {
  return createFactories(seed).makeLeads(count, overrides);
}

/** One history event (a note by default), deterministic for the seed. */
export function makeHistoryEvent(overrides: Partial<HistoryEvent> = {}, seed = 1): HistoryEvent {
  return createFactories(seed).makeHistoryEvent(overrides);
}

/** A negotiation status list (000 §3 crm_contato_negociacao_status) for tests. */
export function makeNegotiationStatuses(): {
  id: number;
  nome: string;
  cor: string;
  descricao: string | null;
  idFunil: number;
}[] {
  return ['Novo', 'Agendado', 'Em contato', 'Em negociação', 'Fechado', 'Perdido'].map((nome, index) => ({
    id: index + 1,
    nome,
    cor: TAG_COLORS[index]?.hex ?? '#000000',
    descricao: null,
    idFunil: index + 1,
  }));
}

/** A sale status list (000 §3 crm_contato_negociacao_status_venda) for tests. */
export function makeSaleStatuses(): { id: number; nome: string; cor: string; descricao: string | null; idFunilVenda: number }[] {
  return ['Não convertido', 'Convertido', 'Cancelado'].map((nome, index) => ({
    id: index + 1,
    nome,
    cor: TAG_COLORS[index + 6]?.hex ?? '#000000',
    descricao: null,
    idFunilVenda: index + 1,
  }));
}

/**
 * A complete unit-data answer (000 §3 "Unit data") for component tests: the default statuses, one
 * tag, one attendant, the company toggles of `extras` in configuracoesExtra; `over` replaces fields.
 */
export function makeUnitData(extras: Record<string, unknown> = {}, over: Partial<UnitData> = {}): UnitData {
  const negotiation = makeNegotiationStatuses();
  const sale = makeSaleStatuses();
  return {
    crm_contato_negociacao_status: negotiation,
    crm_contato_negociacao_status_venda: sale,
    statusNegociacao: negotiation,
    statusNegociacaoVenda: sale,
    crm_configuracoes: { habilita_envio_em_massa: false, configuracoesExtra: JSON.stringify(extras), intervalo_dias_crm: 62 },
    dados_usuario: {
      dataAtualizacao: '2025-11-20T10:00:00.000Z',
      dataDeslogar: null,
      configuracoes: '{}',
      idRamal: 0,
      acesso_atribuidos: 1,
    },
    dados_unidade: {
      id: 1,
      nome: 'Unidade Paulista',
      idEmpresa: 1,
      nomeEmpresa: 'Sorriso Perfeito',
      idCompany: 0,
      idWhatsapp: null,
      tokenWhatsappNovo: null,
    },
    crm_cliente_contato_status: [],
    crm_cliente_mensagem_status: [],
    plataformas: [{ id: 1, nome: 'Facebook' }],
    url_dashboard: null,
    crm_contato_negociacao_status_permitidos: [],
    tags: [{ id: 1, nome: 'Quente', cor: '#f44336', descricao: null }],
    usuarios: [{ id: 3, nome: 'Adriana Moreira', cor: '#3f51b5' }],
    instancias_evolution: [],
    evolutionHabilitado: false,
    atendimentoHabilitado: true,
    habilitaEnvioEmMassa: false,
    statusMensagemEnvioEmMassa: false,
    ...over,
  };
}

/** A complete crm_contato lead (002 §3, GET contato/completo and the lists) for component tests. */
export function makeCrmContato(overrides: Partial<CrmContato> = {}): CrmContato {
  return {
    ...makeLead({
      cli_crm_id: 41,
      cli_nome: 'Maria Oliveira',
      cli_telefone: '11987654321',
      cli_id: 0,
      unidade: 1,
      idEmpresa: 1,
      idUsuario: null,
      nome_atendimento: null,
    }),
    whatsapp_ultima_mensagem_texto: null,
    whatsapp_ultima_mensagem_data_geral: null,
    whatsapp_ultima_mensagem_data_enviada: null,
    whatsapp_ultima_mensagem_data_recebida: null,
    whatsapp_ultima_mensagem_nao_lidas: 0,
    whatsapp_ultima_mensagem_from_me: null,
    whatsapp_ultima_mensagem_tipo: null,
    whatsapp_ultima_mensagem_status: null,
    tags: [],
    id_potencial: null,
    valor_potencial: 0,
    cli_data_atendimento: null,
    cli_campanha_id: null,
    ad_id: null,
    cli_tentativas: 0,
    cli_tentativas_diarias: 0,
    dataAtualizacao: '2025-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** A chat message of 001 §3 (an incoming text by default), for the conversation's tests. */
export function makeChatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1,
    messageId: 'WA1',
    cli_crm_id: 10,
    ticketId: null,
    instanceId: 1,
    body: 'Olá',
    fromMe: false,
    mediaType: 'chat',
    mediaUrl: null,
    mimetype: null,
    fileName: null,
    createdAt: '2026-03-10T13:00:00.000Z',
    ack: 0,
    isError: false,
    isDeleted: false,
    editedAt: null,
    quotedMsg: null,
    contactName: null,
    userId: null,
    reactions: [],
    ...overrides,
  };
}
