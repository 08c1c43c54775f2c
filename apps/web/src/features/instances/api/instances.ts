// Gateway instances of the unit (001 §2 Instâncias, §4 "Gateway instance connection", §7
// "Instance-based gateway"): the list, create (admins), connect by QR, log out, and the live
// updates of the `company-{idEmpresa}-whatsappSession` socket event written into the caches.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';

import { jidToPhone } from '@funil/domain/phone/jid';
import { whatsappSessionEvent } from '@funil/domain/realtime/events';
import type { UnitData } from '@funil/domain/unit/unit-data';
import {
  connectResponseSchema,
  instanceSchema,
  type ConnectResponse,
  type CreateInstanceBody,
  type Instance,
} from '@funil/domain/whatsapp-api/instances-api';
import type { InstanceEventPayload } from '@funil/domain/whatsapp-api/realtime';
import { rejectedWebhookSchema } from '@funil/domain/whatsapp-api/rejected-webhooks';

import { apiRequest, http } from '../../../lib/http-client.ts';
import { useSocketConnect, useSocketEvent } from '../../../lib/socket.ts';
import { unitDataQuery, useLoadedUnitData } from '../../../lib/unit-data.ts';

export const instancesQuery = queryOptions({
  queryKey: ['instancias'],
  queryFn: ({ signal }) => http.get('/instancias', z.array(instanceSchema), signal),
  // The socket keeps the list current; a refetch is only needed after a reconnect or a create.
  staleTime: Infinity,
});

export function useInstances(enabled = true) {
  return useQuery({ ...instancesQuery, enabled });
}

const path = (name: string) => encodeURIComponent(name);

/** GET /api/instance/connect/:instance: the QR (or 'pending' until it arrives on the socket, or 'open'). */
export function connectInstance(name: string): Promise<ConnectResponse> {
  return http.get(`/instance/connect/${path(name)}`, connectResponseSchema);
}

/** DELETE /api/instance/logout/:instance. */
export function logoutInstance(name: string): Promise<Instance> {
  return apiRequest(`/instance/logout/${path(name)}`, { method: 'DELETE', schema: instanceSchema });
}

/** DELETE /api/instance/delete/:instance (admins, issue 7 §5): the confirmation text. */
export async function removeInstance(name: string): Promise<string> {
  const answer = await apiRequest(`/instance/delete/${path(name)}`, {
    method: 'DELETE',
    schema: z.object({ message: z.string() }),
  });
  return answer.message;
}

/** Drops a removed instance from the list and the unit data (the menu and the chip follow). */
export function forgetInstance(client: QueryClient, id: number): void {
  client.setQueryData(instancesQuery.queryKey, (list) => list?.filter((i) => i.id !== id));
  client.setQueryData<UnitData>(unitDataQuery.queryKey, (unit) =>
    unit ? { ...unit, instancias_evolution: unit.instancias_evolution.filter((i) => i.id !== id) } : unit,
  );
}

/** POST /api/instancias (admins): the new instance, already generating its first QR. */
export function createInstance(body: CreateInstanceBody): Promise<ConnectResponse> {
  return http.post('/instancias', body, connectResponseSchema);
}

/** Writes a fresh instance (from an answer) into the list; false when the list does not know it. */
export function storeInstance(client: QueryClient, instance: Instance): void {
  client.setQueryData(instancesQuery.queryKey, (list) => {
    if (!list) return list;
    const known = list.some((i) => i.id === instance.id);
    return known ? list.map((i) => (i.id === instance.id ? instance : i)) : [...list, instance];
  });
}

/** After a create: the list, the menu (000 §6 "whenever the unit has gateway instances") and the chip. */
export async function refreshInstances(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: instancesQuery.queryKey }),
    client.invalidateQueries({ queryKey: unitDataQuery.queryKey }),
  ]);
}

/** Applies a connection.update / qrcode.updated relay (or a removal) to the list and to the unit data. */
export function applyInstanceEvent(client: QueryClient, payload: InstanceEventPayload): void {
  const event = payload.instance;
  if (payload.action === 'delete') {
    forgetInstance(client, event.id);
    return;
  }
  const list = client.getQueryData(instancesQuery.queryKey);
  const unit = client.getQueryData<UnitData>(unitDataQuery.queryKey);
  const knownInList = list?.some((i) => i.id === event.id) ?? false;
  const knownInUnit = unit?.instancias_evolution.some((i) => i.id === event.id) ?? false;
  if (list && knownInList) {
    client.setQueryData(
      instancesQuery.queryKey,
      list.map((i) =>
        i.id === event.id
          ? {
              ...i,
              connectionStatus: event.connectionStatus,
              ownerJid: event.ownerJid,
              telefone: event.ownerJid ? jidToPhone(event.ownerJid) : null,
              profileName: event.profileName,
              base64QrCode: event.connectionStatus === 'open' ? null : event.qrcode === undefined ? i.base64QrCode : event.qrcode,
            }
          : i,
      ),
    );
  }
  if (unit && knownInUnit) {
    client.setQueryData<UnitData>(unitDataQuery.queryKey, {
      ...unit,
      instancias_evolution: unit.instancias_evolution.map((i) =>
        i.id === event.id
          ? { ...i, connectionStatus: event.connectionStatus, ownerJid: event.ownerJid, profileName: event.profileName }
          : i,
      ),
    });
  }
  // An instance another admin created: load it, and let the menu see it.
  if ((list && !knownInList) || (unit && !knownInUnit)) void refreshInstances(client);
}

/** Calls `handler` for every instance event of the unit's company (001 §7 "Main socket"). */
export function useInstanceEvents(handler: (payload: InstanceEventPayload) => void): void {
  const unit = useLoadedUnitData();
  useSocketEvent(whatsappSessionEvent(unit.dados_unidade.idEmpresa), handler);
}

/** Keeps the caches live: every relayed event, and a reload after the socket reconnects. */
export function useInstancesLive(): void {
  const client = useQueryClient();
  useInstanceEvents(useCallback((payload: InstanceEventPayload) => applyInstanceEvent(client, payload), [client]));
  useSocketConnect(() => void client.invalidateQueries({ queryKey: instancesQuery.queryKey }));
}

/** GET /api/instancias/rejeitados (company admin, super-admin): the webhooks Funil could not store (issue 21 item 2). */
export const rejectedWebhooksQuery = queryOptions({
  queryKey: ['instancias', 'rejeitados'],
  queryFn: ({ signal }) => http.get('/instancias/rejeitados', z.array(rejectedWebhookSchema), signal),
});

export function useRejectedWebhooks(enabled: boolean) {
  return useQuery({ ...rejectedWebhooksQuery, enabled });
}
