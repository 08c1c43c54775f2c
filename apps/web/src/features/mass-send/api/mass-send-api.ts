// The calls of 002 §7 "Contacts and filters" (GET envioemmassa/clientes/{…}) and "Mass send"
// (POST envio-em-massa multipart, GET envio-em-massa, GET envio-em-massa/{id}/clientes,
// PUT envio-em-massa/{id}), with the live updates of the company events create-campanha,
// update-campanha, envio-campanha and update-lead after joinEnvioEmMassa.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { buildMassSendClientsPath, type MassSendClientsFilter } from '@funil/domain/leads/filter-segments';
import {
  massSendCampaignListSchema,
  massSendCapacitySchema,
  massSendCreatedSchema,
  massSendLeadSearchSchema,
  massSendRecipientListSchema,
  massSendStatusResponseSchema,
  type MassSendPayload,
  type MassSendStatus,
} from '@funil/domain/mass-send/mass-send-api';
import { campaignLeadEvent, campaignSendEvent, createCampaignEvent, updateCampaignEvent } from '@funil/domain/realtime/events';

import { apiRequest, http } from '../../../lib/http-client.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { useSocket, useSocketConnect, useSocketEvent } from '../../../lib/socket.ts';

export const massSendKeys = {
  clients: (filter: MassSendClientsFilter) => ['envioemmassa', 'clientes', filter] as const,
  campaigns: ['envio-em-massa'] as const,
  campaignClients: (id: number) => ['envio-em-massa', id, 'clientes'] as const,
};

/** GET envioemmassa/clientes/{…}/: the leads a filter finds (002 §7); only once a filter is applied. */
export function useMassSendClients(filter: MassSendClientsFilter | null) {
  return useQuery({
    queryKey: massSendKeys.clients(filter ?? ({} as MassSendClientsFilter)),
    queryFn: ({ signal }) => http.get(`/${buildMassSendClientsPath(filter!)}`, massSendLeadSearchSchema, signal),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
    select: (data) => data.clientes,
  });
}

export const campaignsQuery = queryOptions({
  queryKey: massSendKeys.campaigns,
  queryFn: ({ signal }) =>
    apiRequest('/envio-em-massa', { schema: massSendCampaignListSchema, envelope: true, signal }).then((r) => r.data),
});

/** GET envio-em-massa: the unit's campaigns, newest first (002 §2.3 'Disparos'). */
export function useCampaigns() {
  return useQuery(campaignsQuery);
}

/** GET envio-em-massa/{id}/clientes (002 §2.3 'Envios'). */
export function useCampaignClients(id: number | null) {
  return useQuery({
    queryKey: massSendKeys.campaignClients(id ?? 0),
    queryFn: ({ signal }) =>
      apiRequest(`/envio-em-massa/${id}/clientes`, { schema: massSendRecipientListSchema, envelope: true, signal }),
    enabled: id !== null,
  });
}

/** GET envio-em-massa/capacidade: the settings and each number's sends and cap today, for the projected finish. */
export function useSendingCapacity() {
  return useQuery({
    queryKey: ['envio-em-massa', 'capacidade'] as const,
    queryFn: ({ signal }) =>
      apiRequest('/envio-em-massa/capacidade', { schema: massSendCapacitySchema, envelope: true, signal }).then((r) => r.data),
  });
}

/** POST envio-em-massa: multipart `medias` (one file) and `body` (the JSON of 002 §3). */
export function useCreateCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, media }: { body: MassSendPayload; media: File | null }) => {
      const form = new FormData();
      form.append('body', JSON.stringify(body));
      if (media) form.append('medias', media);
      return apiRequest('/envio-em-massa', { method: 'POST', body: form, schema: massSendCreatedSchema, envelope: true });
    },
    onSettled: () => client.invalidateQueries({ queryKey: massSendKeys.campaigns }),
  });
}

/** PUT envio-em-massa/{id} {status}: Pausar, Continuar, Finalizar (002 §4). */
export function useSetCampaignStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: MassSendStatus }) =>
      apiRequest(`/envio-em-massa/${id}`, {
        method: 'PUT',
        body: { status },
        schema: massSendStatusResponseSchema,
        envelope: true,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: massSendKeys.campaigns }),
  });
}

/**
 * 002 §7 real-time: emits joinEnvioEmMassa once the socket is ready (and after each reconnect) and
 * reads the campaigns (and an open drill-down) again on each company event of the unit.
 */
export function useMassSendLive(): void {
  const user = useCurrentUser();
  const socket = useSocket();
  const client = useQueryClient();
  useEffect(() => {
    if (socket?.connected) socket.emit('joinEnvioEmMassa');
  }, [socket]);
  useSocketConnect(() => {
    socket?.emit('joinEnvioEmMassa');
    void client.invalidateQueries({ queryKey: massSendKeys.campaigns });
  });
  const refresh = () => void client.invalidateQueries({ queryKey: massSendKeys.campaigns });
  useSocketEvent(createCampaignEvent(user.idEmpresa), refresh);
  useSocketEvent(updateCampaignEvent(user.idEmpresa), refresh);
  useSocketEvent(campaignSendEvent(user.idEmpresa), refresh);
  useSocketEvent(campaignLeadEvent(user.idEmpresa), refresh);
}
