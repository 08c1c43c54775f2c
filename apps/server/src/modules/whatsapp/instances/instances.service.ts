// Gateway instances of a unit (001 §2 Instâncias, §4 "Gateway instance connection"): create on the
// gateway with our webhook and secret, connect by QR, log out, refresh the state.
import { randomBytes } from 'node:crypto';

import { canManageInstances } from '@funil/domain/access/roles';
import { jidToPhone } from '@funil/domain/phone/jid';
import type { ConnectResponse, Instance } from '@funil/domain/whatsapp-api/instances-api';
import { WHATSAPP_MESSAGES } from '@funil/domain/whatsapp-api/messages';

import { DomainError } from '../../../http/domain-error.ts';
import type { ConnectResult } from '../../../integrations/evolution/evolution-client.ts';
import { EvolutionError } from '../../../integrations/evolution/evolution-error.ts';
import type { Session } from '../../auth/auth.service.ts';
import { WEBHOOK_EVENTS, WEBHOOK_SECRET_HEADER } from '../ingest/webhook.service.ts';
import type { WhatsappContext, WhatsappGateway } from '../whatsapp-context.ts';
import { emitInstance } from '../whatsapp-events.ts';
import {
  findInstanceByName,
  insertInstance,
  listAllInstances,
  listInstances,
  removeInstanceRow,
  updateInstance,
  type InstanceRow,
} from './instances.repository.ts';

export function instanceView(row: InstanceRow): Instance {
  return {
    id: row.id,
    name: row.name,
    connectionStatus: row.connectionStatus,
    ownerJid: row.ownerJid,
    telefone: row.ownerJid ? jidToPhone(row.ownerJid) : null,
    profileName: row.profileName,
    profilePictureUrl: row.profilePictureUrl,
    base64QrCode: row.connectionStatus === 'open' ? null : row.qrcode,
  };
}

export const webhookUrlOf = (gateway: WhatsappGateway) => `${gateway.publicUrl.replace(/\/+$/, '')}/api/webhooks/evolution`;

const refOf = (row: InstanceRow) => ({ instanceName: row.name, token: row.token });

export function requireGateway(ctx: WhatsappContext): WhatsappGateway {
  if (!ctx.gateway) throw new DomainError('conflict', WHATSAPP_MESSAGES.disconnected);
  return ctx.gateway;
}

/** A gateway failure as a domain error (the cause is logged, never answered). */
export function gatewayFailure(ctx: WhatsappContext, err: unknown): never {
  if (err instanceof DomainError) throw err;
  ctx.log.warn({ err }, 'falha no gateway do WhatsApp');
  throw new DomainError('gateway', WHATSAPP_MESSAGES.gatewayUnavailable);
}

export async function listUnitInstances(ctx: WhatsappContext, session: Session): Promise<Instance[]> {
  return (await listInstances(ctx.db, session.unidadeId)).map(instanceView);
}

/** The instance of the session's unit with this name; 404 for anything else (tenant boundary). */
export async function instanceOfUnit(ctx: WhatsappContext, session: Session, name: string): Promise<InstanceRow> {
  const row = await findInstanceByName(ctx.db, name);
  if (!row || row.idUnidade !== session.unidadeId || row.idEmpresa !== session.empresaId)
    throw new DomainError('not_found', WHATSAPP_MESSAGES.instanceNotFound);
  return row;
}

async function applyConnect(
  ctx: WhatsappContext,
  row: InstanceRow,
  result: ConnectResult | null,
): Promise<{ row: InstanceRow; result: ConnectResult | null }> {
  if (!result) return { row, result };
  const set =
    result.kind === 'open'
      ? { connectionStatus: 'open', qrcode: null }
      : result.kind === 'qr'
        ? { connectionStatus: 'connecting', qrcode: result.qr.base64 }
        : { connectionStatus: 'connecting' };
  const updated = (await updateInstance(ctx.db, row.id, set)) ?? row;
  ctx.instances.set(updated);
  emitInstance(ctx, updated, result.kind === 'qr' ? result.qr.base64 : result.kind === 'open' ? null : undefined);
  return { row: updated, result };
}

const connectAnswer = (row: InstanceRow, result: ConnectResult | null): ConnectResponse => ({
  status: result?.kind ?? 'pending',
  base64: result?.kind === 'qr' ? result.qr.base64 : null,
  pairingCode: result?.kind === 'qr' ? (result.qr.pairingCode ?? null) : null,
  instance: instanceView(row),
});

/** Admins only (a, ag, sa): creates the instance on the gateway with our webhook (ref §3.1). */
export async function createUnitInstance(ctx: WhatsappContext, session: Session, name: string): Promise<ConnectResponse> {
  if (!canManageInstances(session.permission)) throw new DomainError('forbidden', WHATSAPP_MESSAGES.instanceAdminsOnly);
  const gateway = requireGateway(ctx);
  if (await findInstanceByName(ctx.db, name)) throw new DomainError('conflict', WHATSAPP_MESSAGES.instanceNameTaken);
  const token = randomBytes(24).toString('hex').toUpperCase();
  const webhookSecret = randomBytes(32).toString('hex');
  let created;
  try {
    created = await gateway.client.createInstance({
      instanceName: name,
      integration: 'WHATSAPP-BAILEYS',
      token,
      qrcode: true,
      webhook: { url: webhookUrlOf(gateway), headers: { [WEBHOOK_SECRET_HEADER]: webhookSecret }, events: WEBHOOK_EVENTS },
    });
  } catch (err) {
    if (err instanceof EvolutionError && err.status === 403)
      throw new DomainError('conflict', WHATSAPP_MESSAGES.instanceNameTaken);
    gatewayFailure(ctx, err);
  }
  const row = await insertInstance(ctx.db, {
    idUnidade: session.unidadeId,
    idEmpresa: session.empresaId,
    name,
    token: created.token,
    webhookSecret,
    gatewayInstanceId: created.instanceId,
    connectionStatus: created.qr ? 'connecting' : created.status === 'open' ? 'open' : 'close',
  });
  const { row: updated, result } = await applyConnect(ctx, row, created.qr);
  return connectAnswer(updated, result);
}

/** ref §3.2: the QR (or {count:0} pending, or already open). */
/**
 * ref §4.1 webhook/set: the instance's webhook as this version of Funil wants it (address, secret
 * header, WEBHOOK_EVENTS), so an instance created by an older version also gets the events added
 * since. Best effort: a failure is logged and the caller goes on.
 */
async function refreshWebhook(ctx: WhatsappContext, row: InstanceRow): Promise<void> {
  const gateway = requireGateway(ctx);
  try {
    await gateway.client.setWebhook(refOf(row), {
      enabled: true,
      url: webhookUrlOf(gateway),
      headers: { [WEBHOOK_SECRET_HEADER]: row.webhookSecret },
      events: WEBHOOK_EVENTS,
    });
  } catch (err) {
    ctx.log.warn({ err, instance: row.name }, 'não foi possível atualizar o webhook da instância');
  }
}

export async function connectInstance(ctx: WhatsappContext, session: Session, name: string): Promise<ConnectResponse> {
  const gateway = requireGateway(ctx);
  const row = await instanceOfUnit(ctx, session, name);
  await refreshWebhook(ctx, row);
  let result: ConnectResult;
  try {
    result = await gateway.client.connect(refOf(row));
  } catch (err) {
    gatewayFailure(ctx, err);
  }
  const applied = await applyConnect(ctx, row, result);
  return connectAnswer(applied.row, applied.result);
}

/** ref §3.4; an instance already closed (400) counts as logged out. */
export async function logoutInstance(ctx: WhatsappContext, session: Session, name: string): Promise<Instance> {
  const gateway = requireGateway(ctx);
  const row = await instanceOfUnit(ctx, session, name);
  try {
    await gateway.client.logout(refOf(row));
  } catch (err) {
    if (!(err instanceof EvolutionError && err.status === 400)) gatewayFailure(ctx, err);
  }
  const updated = (await updateInstance(ctx.db, row.id, { connectionStatus: 'close', qrcode: null })) ?? row;
  ctx.instances.set(updated);
  emitInstance(ctx, updated, null);
  return instanceView(updated);
}

/**
 * ref §3.5 (issue 7 §5): removes the instance from the gateway (one the gateway no longer knows
 * counts as removed) and from Funil; the unit's sockets hear it as a 'delete'.
 */
export async function removeUnitInstance(ctx: WhatsappContext, session: Session, name: string): Promise<void> {
  const gateway = requireGateway(ctx);
  const row = await instanceOfUnit(ctx, session, name);
  try {
    await gateway.client.deleteInstance(refOf(row));
  } catch (err) {
    if (!(err instanceof EvolutionError && err.status === 404)) gatewayFailure(ctx, err);
  }
  await removeInstanceRow(ctx.db, row.id);
  ctx.instances.forget(row.name);
  emitInstance(ctx, row, undefined, 'delete');
}

/** ref §3.3: asks the gateway and stores the state. */
export async function refreshConnectionState(ctx: WhatsappContext, session: Session, name: string): Promise<Instance> {
  const gateway = requireGateway(ctx);
  const row = await instanceOfUnit(ctx, session, name);
  let state: string;
  try {
    state = await gateway.client.connectionState(refOf(row));
  } catch (err) {
    gatewayFailure(ctx, err);
  }
  if (state === row.connectionStatus) return instanceView(row);
  const updated =
    (await updateInstance(ctx.db, row.id, { connectionStatus: state, ...(state === 'open' ? { qrcode: null } : {}) })) ?? row;
  ctx.instances.set(updated);
  emitInstance(ctx, updated);
  return instanceView(updated);
}

/**
 * Makes the gateway know every instance of the database (a gateway that lost its memory, such as
 * the demo emulator after a restart): missing ones are created again with the same name, token
 * and webhook. Returns the names re-created.
 */
export async function syncInstancesWithGateway(ctx: WhatsappContext): Promise<string[]> {
  const gateway = requireGateway(ctx);
  const known = new Set((await gateway.client.fetchInstances()).map((i) => i.name));
  const recreated: string[] = [];
  for (const row of await listAllInstances(ctx.db)) {
    if (known.has(row.name)) {
      await refreshWebhook(ctx, row);
      continue;
    }
    await gateway.client.createInstance({
      instanceName: row.name,
      integration: 'WHATSAPP-BAILEYS',
      token: row.token,
      qrcode: false,
      webhook: { url: webhookUrlOf(gateway), headers: { [WEBHOOK_SECRET_HEADER]: row.webhookSecret }, events: WEBHOOK_EVENTS },
    });
    const updated = await updateInstance(ctx.db, row.id, { connectionStatus: 'close', qrcode: null });
    if (updated) ctx.instances.set(updated);
    recreated.push(row.name);
  }
  return recreated;
}

/** Creates an instance for a unit without a session (demo seed). */
export async function createInstanceForUnit(
  ctx: WhatsappContext,
  unit: { idEmpresa: number; idUnidade: number },
  name: string,
): Promise<InstanceRow> {
  const gateway = requireGateway(ctx);
  const token = randomBytes(24).toString('hex').toUpperCase();
  const webhookSecret = randomBytes(32).toString('hex');
  const created = await gateway.client.createInstance({
    instanceName: name,
    integration: 'WHATSAPP-BAILEYS',
    token,
    qrcode: false,
    webhook: { url: webhookUrlOf(gateway), headers: { [WEBHOOK_SECRET_HEADER]: webhookSecret }, events: WEBHOOK_EVENTS },
  });
  const row = await insertInstance(ctx.db, {
    ...unit,
    name,
    token: created.token,
    webhookSecret,
    gatewayInstanceId: created.instanceId,
    connectionStatus: 'close',
  });
  ctx.instances.set(row);
  return row;
}
