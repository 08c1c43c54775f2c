// Building blocks for the demo seed and for test fixtures: one way to make a company, a unit,
// its funnels and its users.
import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../connection.ts';
import { empresas, unidades, unidadeConfiguracoes } from '../../modules/tenancy/tenancy.table.ts';
import { usuarios } from '../../modules/users/users.table.ts';
import { plataformas, statusContato, statusMensagem, statusNegociacao, statusNegociacaoVenda } from '../../modules/catalog/catalog.table.ts';
import { hashPassword } from '../../modules/auth/auth.service.ts';
import type { Permission } from '@funil/domain/access/roles';
import type { ConfiguracoesExtra } from '@funil/domain/unit/unit-data';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 002 §3 "Unit": a random 32-character alphanumeric token. */
export function unitToken(): string {
  const bytes = randomBytes(32);
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

// Shared reference lists (000 §3): contact statuses, message statuses (001 §4), platforms.
export async function seedReferenceLists(db: DbOrTx): Promise<void> {
  await db
    .insert(statusContato)
    .values([
      { id: 1, nome: 'Novo', cor: '#2196f3' },
      { id: 2, nome: 'Não Atendido', cor: '#ff9800' },
      { id: 3, nome: 'Atendido', cor: '#4caf50' },
      { id: 4, nome: 'Em Atendimento', cor: '#9c27b0' },
    ])
    .onConflictDoNothing();
  await db
    .insert(statusMensagem)
    .values([
      { id: 0, nome: 'Não enviada' },
      { id: 1, nome: 'Nunca respondeu' },
      { id: 2, nome: 'Respondeu' },
      { id: 3, nome: 'Respondeu a última mensagem' },
      { id: 4, nome: 'Bloqueado' },
    ])
    .onConflictDoNothing();
  await db
    .insert(plataformas)
    .values([
      { id: 1, nome: 'Facebook' },
      { id: 2, nome: 'Instagram' },
      { id: 3, nome: 'Google' },
      { id: 4, nome: 'WhatsApp' },
      { id: 5, nome: 'Site' },
      { id: 6, nome: 'Indicação' },
      { id: 7, nome: 'TikTok' },
    ])
    .onConflictDoNothing();
}

export const NEGOTIATION_FUNNEL = [
  { idFunil: 1, nome: 'Novo', cor: '#2196f3', descricao: 'Lead recém-captado, ainda sem contato.' },
  { idFunil: 2, nome: 'Agendado', cor: '#9c27b0', descricao: 'Próxima chamada agendada.' },
  { idFunil: 3, nome: 'Não Atendido', cor: '#ff9800', descricao: 'Tentativas de ligação esgotadas.' },
  { idFunil: 4, nome: 'Em negociação', cor: '#ffc107', descricao: 'Conversa em andamento.' },
  { idFunil: 5, nome: 'Convertido', cor: '#4caf50', descricao: 'Venda fechada.' },
  { idFunil: 6, nome: 'Pós-venda', cor: '#2e7d32', descricao: 'Cliente em acompanhamento.' },
  { idFunil: 7, nome: 'Sem interesse', cor: '#9e9e9e', descricao: 'O lead recusou a oferta.' },
  { idFunil: 8, nome: 'Erro', cor: '#f44336', descricao: 'Telefone inválido ou cadastro duplicado.' },
  { idFunil: 9, nome: 'Whatsapp', cor: '#25d366', descricao: 'Atendimento seguindo pelo WhatsApp.' },
] as const;

export const SALE_FUNNEL = [
  { idFunilVenda: 1, nome: 'Nenhum', cor: '#9e9e9e', descricao: 'Ainda não é cliente.' },
  { idFunilVenda: 2, nome: 'Orçamento enviado', cor: '#03a9f4', descricao: null },
  { idFunilVenda: 3, nome: 'Aguardando pagamento', cor: '#ff9800', descricao: null },
  { idFunilVenda: 4, nome: 'Cliente ativo', cor: '#4caf50', descricao: null },
  { idFunilVenda: 5, nome: 'Cancelado', cor: '#f44336', descricao: null },
] as const;

export async function createCompany(db: DbOrTx, nome: string): Promise<number> {
  const [row] = await db.insert(empresas).values({ nome }).returning({ id: empresas.id });
  const id = row!.id;
  await db.insert(statusNegociacao).values(NEGOTIATION_FUNNEL.map((s) => ({ ...s, idEmpresa: id })));
  await db.insert(statusNegociacaoVenda).values(SALE_FUNNEL.map((s) => ({ ...s, idEmpresa: id })));
  return id;
}

export type UnitSettingsInput = {
  extras?: ConfiguracoesExtra;
  evolutionHabilitado?: boolean;
  atendimentoHabilitado?: boolean;
  habilitaEnvioEmMassa?: boolean;
  intervaloDiasCrm?: number;
  urlDashboard?: string | null;
};

export async function createUnit(db: DbOrTx, idEmpresa: number, nome: string, ddd: string, settings: UnitSettingsInput = {}): Promise<number> {
  const [row] = await db.insert(unidades).values({ idEmpresa, nome, ddd, token: unitToken(), idFunil: 1, idFunilVenda: 1 }).returning({ id: unidades.id });
  const id = row!.id;
  await db.insert(unidadeConfiguracoes).values({
    idUnidade: id,
    configuracoesExtra: JSON.stringify(settings.extras ?? {}),
    evolutionHabilitado: settings.evolutionHabilitado ?? false,
    atendimentoHabilitado: settings.atendimentoHabilitado ?? false,
    habilitaEnvioEmMassa: settings.habilitaEnvioEmMassa ?? false,
    intervaloDiasCrm: settings.intervaloDiasCrm ?? 62,
    urlDashboard: settings.urlDashboard ?? null,
  });
  return id;
}

export type UserInput = {
  idEmpresa: number;
  idUnidade: number;
  nome: string;
  email: string;
  senha: string;
  permissao: Permission;
  cor?: string;
  idRamal?: number;
  acessoAtribuidos?: boolean;
  excluirLeads?: boolean;
  habilitaMensagemWhatsapp?: boolean;
  ativo?: boolean;
};

export async function createUser(db: DbOrTx, input: UserInput): Promise<number> {
  const [row] = await db
    .insert(usuarios)
    .values({
      idEmpresa: input.idEmpresa,
      idUnidade: input.idUnidade,
      nome: input.nome,
      email: input.email.toLowerCase(),
      senhaHash: await hashPassword(input.senha),
      permissao: input.permissao,
      cor: input.cor ?? '#1976d2',
      idRamal: input.idRamal ?? 0,
      acessoAtribuidos: input.acessoAtribuidos ? 1 : 0,
      configuracoes: JSON.stringify({ excluir_leads: input.excluirLeads ?? false, notificacoes: true }),
      habilitaMensagemWhatsapp: input.habilitaMensagemWhatsapp ? 1 : 0,
      ativo: input.ativo === false ? -1 : 1,
    })
    .returning({ id: usuarios.id });
  return row!.id;
}
