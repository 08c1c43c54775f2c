// What a fresh install and a new company start with (issue 10 "A fresh install is usable"): the
// shared reference lists (000 §3) and each company's default negotiation and sale funnels.
import { CONTACT_STATUS, CONTACT_STATUS_NAMES } from '@funil/domain/leads/negotiation';

import type { DbOrTx } from '../../db/handle.ts';
import { plataformas, statusContato, statusMensagem, statusNegociacao, statusNegociacaoVenda } from './catalog.table.ts';

/** The shared lists (000 §3): contact statuses, message statuses (001 §4), platforms. Idempotent. */
export async function ensureReferenceLists(db: DbOrTx): Promise<void> {
  await db
    .insert(statusContato)
    .values([
      { id: CONTACT_STATUS.NaFila, nome: CONTACT_STATUS_NAMES[CONTACT_STATUS.NaFila], cor: '#2196f3' },
      { id: CONTACT_STATUS.NaoAtendido, nome: CONTACT_STATUS_NAMES[CONTACT_STATUS.NaoAtendido], cor: '#ff9800' },
      { id: CONTACT_STATUS.Atendido, nome: CONTACT_STATUS_NAMES[CONTACT_STATUS.Atendido], cor: '#4caf50' },
      { id: CONTACT_STATUS.FilaAtendimento, nome: CONTACT_STATUS_NAMES[CONTACT_STATUS.FilaAtendimento], cor: '#9c27b0' },
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

// The funnel a new company starts with (and the demo's). The ids carry rules: 3 Não Atendido,
// 4 Em negociação and 9 Whatsapp (002 §4 'Settings rule', §9), 5 and 6 are the conversions the
// dashboards count (000 §9), and the default queue rules '1,7', '2', '5,3' (002 §9) take 1 and 7
// first: 7 is a lead still being reached, never one who said no (issue 21 item 19).
export const NEGOTIATION_FUNNEL = [
  { idFunil: 1, nome: 'Novo', cor: '#2196f3', descricao: 'Lead recém-captado, ainda sem contato.' },
  { idFunil: 2, nome: 'Agendado', cor: '#9c27b0', descricao: 'Próxima chamada agendada.' },
  { idFunil: 3, nome: 'Não Atendido', cor: '#ff9800', descricao: 'Tentativas de ligação esgotadas.' },
  { idFunil: 4, nome: 'Em negociação', cor: '#ffc107', descricao: 'Conversa em andamento.' },
  { idFunil: 5, nome: 'Convertido', cor: '#4caf50', descricao: 'Venda fechada.' },
  { idFunil: 6, nome: 'Pós-venda', cor: '#2e7d32', descricao: 'Cliente em acompanhamento.' },
  { idFunil: 7, nome: 'Tentando contato', cor: '#03a9f4', descricao: 'Ainda não atendeu; as ligações continuam.' },
  { idFunil: 8, nome: 'Erro', cor: '#f44336', descricao: 'Telefone inválido ou cadastro duplicado.' },
  { idFunil: 9, nome: 'Whatsapp', cor: '#25d366', descricao: 'Atendimento seguindo pelo WhatsApp.' },
  { idFunil: 10, nome: 'Sem interesse', cor: '#9e9e9e', descricao: 'O lead recusou a oferta.' },
] as const;

export const SALE_FUNNEL = [
  { idFunilVenda: 1, nome: 'Nenhum', cor: '#9e9e9e', descricao: 'Ainda não é cliente.' },
  { idFunilVenda: 2, nome: 'Orçamento enviado', cor: '#03a9f4', descricao: null },
  { idFunilVenda: 3, nome: 'Aguardando pagamento', cor: '#ff9800', descricao: null },
  { idFunilVenda: 4, nome: 'Cliente ativo', cor: '#4caf50', descricao: null },
  { idFunilVenda: 5, nome: 'Cancelado', cor: '#f44336', descricao: null },
] as const;

/** Gives a new company the default negotiation and sale funnels. */
export async function createDefaultFunnels(db: DbOrTx, idEmpresa: number): Promise<void> {
  await db.insert(statusNegociacao).values(NEGOTIATION_FUNNEL.map((s) => ({ ...s, idEmpresa })));
  await db.insert(statusNegociacaoVenda).values(SALE_FUNNEL.map((s) => ({ ...s, idEmpresa })));
}
