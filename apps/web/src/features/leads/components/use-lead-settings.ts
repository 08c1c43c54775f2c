// The unit and user settings the lead screens decide with (000 §3, 001 §6).
import { useMemo } from 'react';

import type { AssignmentViewer } from '@funil/domain/leads/negotiation';
import { parseConfiguracoesExtra, parseConfiguracoesUsuario } from '@funil/domain/unit/unit-data';

import { useCurrentUser } from '../../../lib/session.ts';
import { useLoadedUnitData } from '../../../lib/unit-data.ts';

export type LeadSettings = {
  companyId: number;
  unitId: number;
  cadastrarCEP: boolean;
  clienteAtendente: boolean;
  /** 001 §2: with clienteAtendente, the attendant section is an autocomplete instead of buttons. */
  listaAtendente: boolean;
  edicaoStatusCliente: boolean;
  atendimentoHabilitado: boolean;
  excluirLeads: boolean;
  viewer: AssignmentViewer;
};

export function useLeadSettings(): LeadSettings {
  const unit = useLoadedUnitData();
  const user = useCurrentUser();
  return useMemo(() => {
    const extras = parseConfiguracoesExtra(unit.crm_configuracoes.configuracoesExtra);
    const userConfig = parseConfiguracoesUsuario(unit.dados_usuario.configuracoes);
    return {
      companyId: unit.dados_unidade.idEmpresa,
      unitId: unit.dados_unidade.id,
      cadastrarCEP: extras.cadastrarCEP === true,
      clienteAtendente: extras.clienteAtendente === true,
      listaAtendente: extras.listaAtendente === true,
      edicaoStatusCliente: extras.edicao_status_cliente === true,
      atendimentoHabilitado: unit.atendimentoHabilitado,
      excluirLeads: userConfig.excluir_leads === true,
      viewer: { userId: user.idUser, permission: user.permissao, acessoAtribuidos: unit.dados_usuario.acesso_atribuidos },
    };
  }, [unit, user.idUser, user.permissao]);
}
