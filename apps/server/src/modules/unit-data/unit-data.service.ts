// GET cadastros/dados-unidade: every field of 000 §3 "Unit data", for the session's unit only. An
// aggregate over the modules that own each part, so it is a module of its own: tenancy stays a leaf.
import type { UnitData } from '@funil/domain/unit/unit-data';

import type { Db } from '../../db/handle.ts';
import { DomainError } from '../../http/domain-error.ts';
import type { Session } from '../auth/auth.service.ts';
import { allowedTransitions, negotiationStatuses, referenceLists, saleStatuses } from '../catalog/catalog.service.ts';
import { unitTagList } from '../tags/tags.service.ts';
import { DEFAULT_CRM_INTERVAL_DAYS, unitOfCompany, unitSettings } from '../tenancy/tenancy.service.ts';
import { activeUsersOfUnit, userById } from '../users/users.service.ts';
import { unitInstanceSummaries } from '../whatsapp/instances/unit-instances.service.ts';

export async function loadUnitData(db: Db, session: Session): Promise<UnitData> {
  // Each part from the module that owns it (issue 7 §1); this module owns no table.
  const [unit, settings, user, negociacao, venda, references, permitidos, tagRows, userList, instances] = await Promise.all([
    unitOfCompany(db, session.empresaId, session.unidadeId),
    unitSettings(db, session.unidadeId),
    userById(db, session.userId),
    negotiationStatuses(db, session.empresaId),
    saleStatuses(db, session.empresaId),
    referenceLists(db),
    allowedTransitions(db, session.unidadeId),
    unitTagList(db, session.unidadeId),
    activeUsersOfUnit(db, session.unidadeId),
    unitInstanceSummaries(db, session.unidadeId),
  ]);
  if (!unit || !user) throw new DomainError('unauthorized');

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
      intervalo_dias_crm: settings?.intervaloDiasCrm ?? DEFAULT_CRM_INTERVAL_DAYS,
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
    crm_cliente_contato_status: references.contato,
    crm_cliente_mensagem_status: references.mensagem,
    plataformas: references.plataforma,
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
