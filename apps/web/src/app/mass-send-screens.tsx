// The mass-send screens of 000 §2 (/envio-em-massa-cadastro, /envio-em-massa), composed here
// because they show other features' parts (002 §2.2 "filter panel", chips, instances panel): a
// feature never imports another (docs/decisions.md "Module boundaries"), so the app hands the
// leads feature's advanced filters, the chat's connection chips and the instances feature's
// live list to the mass-send feature through its kit.
import { useMemo, type ReactNode } from 'react';

import type { MassSendClientsFilter } from '@funil/domain/leads/filter-segments';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';

import { ConnectionChips } from '../features/chat/components/connection-chips.tsx';
import { useInstances, useInstancesLive } from '../features/instances/api/instances.ts';
import { AdvancedFilters } from '../features/leads/components/advanced-filters.tsx';
import type { AdvancedFilter } from '../features/leads/components/crm-filters.ts';
import { MassSendComposerScreen as Composer } from '../features/mass-send/components/composer-screen.tsx';
import { MassSendMonitorScreen as Monitor } from '../features/mass-send/components/monitor-screen.tsx';
import { MassSendKitProvider, type MassSendKit } from '../features/mass-send/mass-send-kit.tsx';
import { useLoadedUnitData } from '../lib/unit-data.ts';

/** The CRM's advanced filter as the segments of 002 §7 envioemmassa/clientes (and back). */
export function toMassSendFilter(filter: AdvancedFilter): MassSendClientsFilter {
  return {
    status_negociacao: filter.cli_status_negociacao,
    status_venda: filter.cli_status_negociacao_venda,
    status_contato: filter.cli_contato_status,
    tipo_lead: filter.cli_tipo_lead,
    status_mensagem: filter.status_mensagem ?? null,
    campanha: filter.cli_campanha_nome,
    data_inicio: filter.data_inicio,
    data_fim: filter.data_fim,
    tags: [...filter.tags],
    atendentes: [...filter.atendentes],
  };
}

export function toAdvancedFilter(filter: MassSendClientsFilter): AdvancedFilter {
  return {
    cli_status_negociacao: filter.status_negociacao,
    cli_status_negociacao_venda: filter.status_venda,
    cli_contato_status: filter.status_contato,
    cli_tipo_lead: filter.tipo_lead,
    cli_atendimento: 0,
    cli_campanha_nome: filter.campanha,
    tags: [...filter.tags],
    atendentes: [...filter.atendentes],
    data_inicio: filter.data_inicio,
    data_fim: filter.data_fim,
    tipo_data: 0,
    status_mensagem: filter.status_mensagem,
  };
}

const HIDDEN = ['cli_atendimento', 'tipo_data'] as const;

export const MassSendFilterPanel: MassSendKit['FilterPanel'] = ({ applied, onApply }) => (
  <AdvancedFilters
    applied={toAdvancedFilter(applied)}
    hide={HIDDEN}
    withMessageStatus
    onApply={(filter) => onApply(toMassSendFilter(filter))}
  />
);

// The choice of the sending instance exists only with the gateway (002 §2.2); without it nothing is read.
function useSendingInstances(): ReturnType<MassSendKit['useSendingInstances']> {
  const unit = useLoadedUnitData();
  const query = useInstances(unit.evolutionHabilitado);
  useInstancesLive();
  const instances = useMemo(
    () =>
      (query.data ?? []).map((i) => ({
        name: i.name,
        connected: i.connectionStatus === 'open',
        label: i.telefone ? `${i.name} — ${formatPhoneDisplay(i.telefone)}` : i.name,
      })),
    [query.data],
  );
  return { instances, loading: unit.evolutionHabilitado && query.isPending };
}

/**
 * 002 §2.2/§2.3 chips 'WhatsApp Conectado/Desconectado' and 'Servidor Conectado/Desconectado': with
 * the gateway the WhatsApp chip reads the unit's numbers (connected when one is), without it the
 * legacy session; the server chip is the socket (a click reconnects).
 */
function MassSendConnectionChips() {
  const unit = useLoadedUnitData();
  const { instances } = useSendingInstances();
  return unit.evolutionHabilitado ? (
    <ConnectionChips whatsapp={{ connected: instances.some((i) => i.connected) }} />
  ) : (
    <ConnectionChips />
  );
}

const KIT: MassSendKit = { FilterPanel: MassSendFilterPanel, ConnectionChips: MassSendConnectionChips, useSendingInstances };

export function MassSendKitHost({ children }: { children: ReactNode }) {
  return <MassSendKitProvider value={KIT}>{children}</MassSendKitProvider>;
}

export function MassSendComposerScreen() {
  return (
    <MassSendKitHost>
      <Composer />
    </MassSendKitHost>
  );
}

export function MassSendMonitorScreen() {
  return (
    <MassSendKitHost>
      <Monitor />
    </MassSendKitHost>
  );
}
