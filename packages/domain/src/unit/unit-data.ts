// GET /api/cadastros/dados-unidade: the unit data loaded at start (000 §3 "Unit data").
import { z } from 'zod';

import type { AccessContext } from '../access/routes.ts';
import type { CurrentUser } from '../auth/login.ts';

/** Flags of crm_configuracoes.configuracoesExtra (000 §3 "Extra settings flags"). */
export const configuracoesExtraSchema = z
  .object({
    atendimento_habilitado: z.boolean().optional(),
    whatsapp_v2: z.boolean().optional(),
    pipeline: z.boolean().optional(),
    automacao: z.boolean().optional(),
    metaInsights: z.boolean().optional(),
    dash_v2: z.boolean().optional(),
    habilita_envio_em_massaV2: z.boolean().optional(),
    cadastrarCEP: z.boolean().optional(),
    clienteAtendente: z.boolean().optional(),
    listaAtendente: z.boolean().optional(),
    assinaturaWhatsapp: z.boolean().optional(),
    agendarMensagemHeaderWhatsapp: z.boolean().optional(),
    edicao_status_cliente: z.boolean().optional(),
    configuracoes_envio_em_massa: z
      .object({
        quantidade_max_leads: z.number().int().positive(),
        tempo_minimo: z.number().int().positive(),
        tempo_maximo: z.number().int().positive(),
      })
      // Issue 13: the engine's caps, warm-up, hours and error share ride along (mass-send-api.ts massSendSettingsOf).
      .loose()
      .optional(),
  })
  .loose();
export type ConfiguracoesExtra = z.infer<typeof configuracoesExtraSchema>;

/** dados_usuario.configuracoes (000 §3 "User configuration"). */
export const configuracoesUsuarioSchema = z
  .object({ excluir_leads: z.boolean().optional(), notificacoes: z.boolean().optional() })
  .loose();
export type ConfiguracoesUsuario = z.infer<typeof configuracoesUsuarioSchema>;

const negotiationStatusSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cor: z.string(),
  descricao: z.string().nullable(),
  idFunil: z.number().int(),
});
const saleStatusSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  cor: z.string(),
  descricao: z.string().nullable(),
  idFunilVenda: z.number().int(),
});
export type NegotiationStatus = z.infer<typeof negotiationStatusSchema>;
export type SaleStatus = z.infer<typeof saleStatusSchema>;

const idName = z.object({ id: z.number().int(), nome: z.string() });
const idNameColor = idName.extend({ cor: z.string() });

export const unitDataSchema = z.object({
  crm_contato_negociacao_status: z.array(negotiationStatusSchema),
  crm_contato_negociacao_status_venda: z.array(saleStatusSchema),
  /** Version 4 names of the same lists (000 §3). */
  statusNegociacao: z.array(negotiationStatusSchema),
  statusNegociacaoVenda: z.array(saleStatusSchema),
  crm_configuracoes: z.object({
    habilita_envio_em_massa: z.boolean(),
    /** A JSON string, as the spec has it; parse with parseConfiguracoesExtra. */
    configuracoesExtra: z.string(),
    intervalo_dias_crm: z.number().int(),
  }),
  dados_usuario: z.object({
    dataAtualizacao: z.string(),
    dataDeslogar: z.string().nullable(),
    /** A JSON string with excluir_leads and notificacoes. */
    configuracoes: z.string(),
    idRamal: z.number().int(),
    acesso_atribuidos: z.union([z.literal(0), z.literal(1)]),
  }),
  dados_unidade: z.object({
    id: z.number().int(),
    nome: z.string(),
    idEmpresa: z.number().int(),
    nomeEmpresa: z.string(),
    idCompany: z.number().int(),
    idWhatsapp: z.number().int().nullable(),
    // The spec hands the messaging token to the browser; Funil keeps it on the server and only says
    // whether one is configured (spec README: secrets move to the server).
    tokenWhatsappNovo: z.null(),
  }),
  crm_cliente_contato_status: z.array(idNameColor),
  crm_cliente_mensagem_status: z.array(idName),
  plataformas: z.array(idName),
  url_dashboard: z.string().nullable(),
  /** Allowed negotiation-status transitions, as pairs of idFunil (000 §3). */
  crm_contato_negociacao_status_permitidos: z.array(z.object({ de: z.number().int(), para: z.number().int() })),
  tags: z.array(idNameColor.extend({ descricao: z.string().nullable() })),
  usuarios: z.array(idNameColor),
  /** Gateway instances of the unit, without their tokens (those never leave the server). */
  instancias_evolution: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      connectionStatus: z.string(),
      ownerJid: z.string().nullable(),
      profileName: z.string().nullable(),
    }),
  ),
  evolutionHabilitado: z.boolean(),
  atendimentoHabilitado: z.boolean(),
  habilitaEnvioEmMassa: z.boolean(),
  statusMensagemEnvioEmMassa: z.boolean(),
});
export type UnitData = z.infer<typeof unitDataSchema>;

function parseJsonObject(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Reads configuracoesExtra; a malformed string counts as no flags set. */
export function parseConfiguracoesExtra(text: string | null | undefined): ConfiguracoesExtra {
  const parsed = configuracoesExtraSchema.safeParse(parseJsonObject(text ?? '{}'));
  return parsed.success ? parsed.data : {};
}

/** Reads dados_usuario.configuracoes; notifications default on (001 §6). */
export function parseConfiguracoesUsuario(text: string | null | undefined): ConfiguracoesUsuario {
  const parsed = configuracoesUsuarioSchema.safeParse(parseJsonObject(text ?? '{}'));
  return parsed.success ? parsed.data : {};
}

/** The access context of 000 §6 for a logged user and their unit data. */
export function accessContextOf(
  user: Pick<CurrentUser, 'permissao' | 'habilita_mensagem_whatsapp'>,
  unit: UnitData,
): AccessContext {
  const extras = parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra);
  return {
    permission: user.permissao,
    idRamal: unit.dados_usuario.idRamal,
    habilitaMensagemWhatsapp: user.habilita_mensagem_whatsapp,
    extras,
    evolutionHabilitado: unit.evolutionHabilitado,
    gatewayInstances: unit.instancias_evolution.length,
  };
}

/** GET orientacoes/lista (000 §7): guidance texts for the home screen, HTML. */
export const guidanceListSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), titulo: z.string(), textoOrientacao: z.string() })),
});

/** GET cadastros/usuarios-sem-permissao (000 §7). */
export const usersWithoutPermissionSchema = z.object({ data: z.array(idName) });

/** GET cadastros/unidades (000 §7). */
export const unitsListSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      nome: z.string(),
      idFunil: z.number().int().nullable(),
      idFunilVenda: z.number().int().nullable(),
    }),
  ),
});

/** GET cadastros/usuarios: the users list of 002 §2.10 / §3 "User" (no password, ever). */
export const userRowSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  idRamal: z.number().int(),
  idUnidade: z.number().int(),
  nomeUnidade: z.string(),
  permissao: z.string(),
  nomePermissao: z.string(),
  ativo: z.union([z.literal(1), z.literal(-1)]),
  acesso_atribuidos: z.union([z.literal(0), z.literal(1)]),
  excluir_leads: z.union([z.literal(0), z.literal(1)]),
  configuracoes: z.string(),
  cor: z.string(),
  datacad: z.string(),
  dataAtualizacao: z.string(),
});
export const usersListSchema = z.object({ data: z.array(userRowSchema) });
