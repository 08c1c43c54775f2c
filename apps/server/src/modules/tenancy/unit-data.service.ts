// GET cadastros/dados-unidade: every field of 000 §3 "Unit data", for the session's unit only.
import { and, asc, eq } from 'drizzle-orm';
import type { UnitData } from '@funil/domain/unit/unit-data';
import type { Db } from '../../db/connection.ts';
import type { Session } from '../auth/auth.service.ts';
import { empresas, unidades, unidadeConfiguracoes } from './tenancy.table.ts';
import { usuarios } from '../users/users.table.ts';
import { plataformas, statusContato, statusMensagem, statusNegociacao, statusNegociacaoPermitidos, statusNegociacaoVenda } from '../catalog/catalog.table.ts';
import { tags } from '../tags/tags.table.ts';
import { instanciasEvolution } from '../whatsapp/instances.table.ts';
import { DomainError } from '../../http/domain-error.ts';

export async function loadUnitData(db: Db, session: Session): Promise<UnitData> {
  const [unitRows, settingsRows, userRows, negociacao, venda, contato, mensagem, plats, permitidos, tagRows, userList, instances] = await Promise.all([
    db
      .select({ unidade: unidades, empresaNome: empresas.nome, idCompany: empresas.idCompany })
      .from(unidades)
      .innerJoin(empresas, eq(empresas.id, unidades.idEmpresa))
      .where(and(eq(unidades.id, session.unidadeId), eq(unidades.idEmpresa, session.empresaId))),
    db.select().from(unidadeConfiguracoes).where(eq(unidadeConfiguracoes.idUnidade, session.unidadeId)),
    db.select().from(usuarios).where(eq(usuarios.id, session.userId)),
    db.select().from(statusNegociacao).where(eq(statusNegociacao.idEmpresa, session.empresaId)).orderBy(asc(statusNegociacao.idFunil)),
    db.select().from(statusNegociacaoVenda).where(eq(statusNegociacaoVenda.idEmpresa, session.empresaId)).orderBy(asc(statusNegociacaoVenda.idFunilVenda)),
    db.select().from(statusContato).orderBy(asc(statusContato.id)),
    db.select().from(statusMensagem).orderBy(asc(statusMensagem.id)),
    db.select().from(plataformas).orderBy(asc(plataformas.id)),
    db.select().from(statusNegociacaoPermitidos).where(eq(statusNegociacaoPermitidos.idUnidade, session.unidadeId)),
    db.select().from(tags).where(eq(tags.idUnidade, session.unidadeId)).orderBy(asc(tags.nome)),
    db
      .select({ id: usuarios.id, nome: usuarios.nome, cor: usuarios.cor })
      .from(usuarios)
      .where(and(eq(usuarios.idUnidade, session.unidadeId), eq(usuarios.ativo, 1)))
      .orderBy(asc(usuarios.nome)),
    db
      .select({
        id: instanciasEvolution.id,
        name: instanciasEvolution.name,
        connectionStatus: instanciasEvolution.connectionStatus,
        ownerJid: instanciasEvolution.ownerJid,
        profileName: instanciasEvolution.profileName,
      })
      .from(instanciasEvolution)
      .where(eq(instanciasEvolution.idUnidade, session.unidadeId))
      .orderBy(asc(instanciasEvolution.name)),
  ]);
  const unit = unitRows[0];
  const user = userRows[0];
  if (!unit || !user) throw new DomainError('unauthorized');
  const settings = settingsRows[0];

  const negotiation = negociacao.map((s) => ({ id: s.id, nome: s.nome, cor: s.cor, descricao: s.descricao, idFunil: s.idFunil }));
  const sale = venda.map((s) => ({ id: s.id, nome: s.nome, cor: s.cor, descricao: s.descricao, idFunilVenda: s.idFunilVenda }));
  return {
    crm_contato_negociacao_status: negotiation,
    crm_contato_negociacao_status_venda: sale,
    statusNegociacao: negotiation,
    statusNegociacaoVenda: sale,
    crm_configuracoes: {
      habilita_envio_em_massa: settings?.habilitaEnvioEmMassa ?? false,
      configuracoesExtra: settings?.configuracoesExtra ?? '{}',
      intervalo_dias_crm: settings?.intervaloDiasCrm ?? 62,
    },
    dados_usuario: {
      dataAtualizacao: user.dataAtualizacao.toISOString(),
      dataDeslogar: user.dataDeslogar ? user.dataDeslogar.toISOString() : null,
      configuracoes: user.configuracoes,
      idRamal: user.idRamal,
      acesso_atribuidos: user.acessoAtribuidos === 1 ? 1 : 0,
    },
    dados_unidade: {
      id: unit.unidade.id,
      nome: unit.unidade.nome,
      idEmpresa: unit.unidade.idEmpresa,
      nomeEmpresa: unit.empresaNome,
      idCompany: unit.idCompany,
      idWhatsapp: unit.unidade.idWhatsapp,
      tokenWhatsappNovo: null,
    },
    crm_cliente_contato_status: contato,
    crm_cliente_mensagem_status: mensagem,
    plataformas: plats,
    url_dashboard: settings?.urlDashboard ?? null,
    crm_contato_negociacao_status_permitidos: permitidos.map((p) => ({ de: p.de, para: p.para })),
    tags: tagRows.map((t) => ({ id: t.id, nome: t.nome, cor: t.cor, descricao: t.descricao })),
    usuarios: userList,
    instancias_evolution: instances,
    evolutionHabilitado: settings?.evolutionHabilitado ?? false,
    atendimentoHabilitado: settings?.atendimentoHabilitado ?? false,
    habilitaEnvioEmMassa: settings?.habilitaEnvioEmMassa ?? false,
    statusMensagemEnvioEmMassa: settings?.statusMensagemEnvioEmMassa ?? false,
  };
}
