// A complete unit-data answer for this feature's component tests (000 §3 "Unit data").
import type { UnitData } from '@funil/domain/unit/unit-data';
import { makeNegotiationStatuses, makeSaleStatuses } from '@funil/domain/testing/factories';

export function testUnitData(extras: Record<string, unknown> = {}): UnitData {
  const negotiation = makeNegotiationStatuses();
  const sale = makeSaleStatuses();
  return {
    crm_contato_negociacao_status: negotiation,
    crm_contato_negociacao_status_venda: sale,
    statusNegociacao: negotiation,
    statusNegociacaoVenda: sale,
    crm_configuracoes: { habilita_envio_em_massa: false, configuracoesExtra: JSON.stringify(extras), intervalo_dias_crm: 62 },
    dados_usuario: { dataAtualizacao: '2025-11-20T10:00:00.000Z', dataDeslogar: null, configuracoes: '{}', idRamal: 0, acesso_atribuidos: 1 },
    dados_unidade: { id: 1, nome: 'Unidade Paulista', idEmpresa: 1, nomeEmpresa: 'Sorriso Perfeito', idCompany: 0, idWhatsapp: null, tokenWhatsappNovo: null },
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
  };
}
