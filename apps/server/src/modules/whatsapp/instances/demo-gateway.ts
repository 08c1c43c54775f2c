// `npm start` without EVOLUTION_URL: the gateway emulator runs beside the server. On every start
// each gateway-enabled unit gets one instance (created through the client on an empty database),
// and a unit with mass send a second one that the demo's unfinished campaign holds (issue 21: one
// campaign at a time per number, so a new user's first send goes out from the first number);
// instances the emulator forgot are re-created with their token and webhook, all are scanned so
// they are 'open', and the emulator's auto-reply answers a few demo leads of each unit.
import type { FastifyInstance } from 'fastify';

import { giveDemoCampaignsTheirNumbers } from '../../../demo/demo-mass-send.ts';
import { firstLeadPhones } from '../../leads/views/chat/lead-chat.service.ts';
import { gatewayUnits as findGatewayUnits, unitExtraSettings } from '../../tenancy/tenancy.service.ts';
import { whatsappContextOf } from '../whatsapp.routes.ts';
import { listAllInstances } from './instances.repository.ts';
import { createInstanceForUnit, syncInstancesWithGateway } from './instances.service.ts';

const AUTO_REPLY_LEADS_PER_UNIT = 4;

type EmulatorControl = { url: string; headers: Record<string, string> };

async function control(emulator: EmulatorControl, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...emulator.headers },
    body: JSON.stringify(body),
  });
  await res.text();
  return res.status;
}

/** Prepares the demo gateway (its URL and the control key's headers); returns the instance names now open. */
export async function prepareDemoGateway(app: FastifyInstance, emulator: EmulatorControl): Promise<string[]> {
  const ctx = whatsappContextOf(app);
  await syncInstancesWithGateway(ctx);
  const gatewayUnits = await findGatewayUnits(ctx.db);
  const existing = await listAllInstances(ctx.db);
  for (const unit of gatewayUnits) {
    if (existing.some((i) => i.idUnidade === unit.id)) continue;
    await createInstanceForUnit(ctx, { idEmpresa: unit.idEmpresa, idUnidade: unit.id }, `funil-unidade-${unit.id}`);
    if ((await unitExtraSettings(ctx.db, unit.id)).habilita_envio_em_massaV2) {
      await createInstanceForUnit(ctx, { idEmpresa: unit.idEmpresa, idUnidade: unit.id }, `funil-unidade-${unit.id}-campanhas`);
    }
  }
  await giveDemoCampaignsTheirNumbers(ctx.db);
  const instances = await listAllInstances(ctx.db);
  const open: string[] = [];
  for (const [i, instance] of instances.entries()) {
    // 409 = already open in this emulator's memory.
    const status = await control(emulator, `/_emulator/instances/${encodeURIComponent(instance.name)}/scan`, {
      number: `55119${String(10_000_000 + i).padStart(8, '0')}`,
      profileName: `Funil ${instance.name}`,
    });
    if (status === 200 || status === 409) open.push(instance.name);
  }
  const unitIds = gatewayUnits.map((u) => u.id);
  const phones = (await firstLeadPhones(ctx.db, unitIds, AUTO_REPLY_LEADS_PER_UNIT)).map((r) => `55${r.telefone}`);
  await control(emulator, '/_emulator/auto-reply', { enabled: true, intervalMs: 20_000, phones });
  return open;
}
