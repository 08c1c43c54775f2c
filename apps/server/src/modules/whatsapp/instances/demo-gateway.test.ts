// The demo gateway (`npm start` without EVOLUTION_URL) and the demo's mass-send history: the paused
// campaign the demo leaves must not stop a new user's first send (issue 21 item 10; 002 §8
// CAMPANHA_EXISTE is per WhatsApp number). The real app, the emulator over HTTP, the demo's
// campaigns as the seed writes them.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { massSendCreatedSchema } from '@funil/domain/mass-send/mass-send-api';

import { seedDemoMassSend } from '../../../demo/demo-mass-send.ts';
import { enviosEmMassa } from '../../mass-send/mass-send.table.ts';
import { startKit, type Kit } from '../whatsapp-test-kit.ts';
import { prepareDemoGateway } from './demo-gateway.ts';
import { instanciasEvolution } from './instances.table.ts';

let k: Kit;
const leadIds: number[] = [];

beforeAll(async () => {
  k = await startKit({ extras: { habilita_envio_em_massaV2: true }, massSend: { autoStart: false } });
  const f = k.t.fixture;
  for (let i = 0; i < 56; i++)
    leadIds.push(await k.addLead(f.unitA1, f.companyA, `Lead Demo ${i}`, `1197000${String(i).padStart(4, '0')}`));
  await seedDemoMassSend(k.t.database.db, {
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    idUsuario: f.users.u.id,
    now: new Date(),
  });
}, 180_000);
afterAll(async () => {
  await k?.close();
});

describe('demo gateway and the demo campaigns (issue 21 item 10)', () => {
  it("gives a mass-send unit two numbers, the paused campaign the second, and the composer's first number sends at once", async () => {
    const f = k.t.fixture;
    const open = await prepareDemoGateway(k.t.app, { url: k.emuUrl, headers: k.emu.controlHeaders });
    await k.settle();
    const numbers = await k.t.database.db
      .select()
      .from(instanciasEvolution)
      .where(eq(instanciasEvolution.idUnidade, f.unitA1))
      .orderBy(instanciasEvolution.id);
    expect(numbers.map((i) => i.name)).toEqual([`funil-unidade-${f.unitA1}`, `funil-unidade-${f.unitA1}-campanhas`]);
    expect(open).toEqual(expect.arrayContaining(numbers.map((i) => i.name)));
    const campaigns = await k.t.database.db
      .select()
      .from(enviosEmMassa)
      .where(eq(enviosEmMassa.idUnidade, f.unitA1))
      .orderBy(enviosEmMassa.id);
    expect(campaigns.map((c) => [c.status, c.idInstancia])).toEqual([
      ['FINALIZADO', numbers[0]!.id],
      ['PAUSADO', numbers[1]!.id],
    ]);
    // The composer offers the first connected number: the new user's first send goes out from it.
    const first = await k.t.as(k.tokens.u, {
      method: 'POST',
      url: '/api/envio-em-massa',
      payload: {
        nomeDisparo: 'Meu primeiro disparo',
        intervaloMensagem: 20,
        leads: [{ cli_crm_id: leadIds[0]! }],
        mensagens: ['Olá {{nome_do_cliente}}'],
        evolutionInstanceName: numbers[0]!.name,
      },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(massSendCreatedSchema.parse(first.json()).data).toMatchObject({ status: 'EM_ANDAMENTO', instancia: numbers[0]!.name });
    // A second start changes nothing (the numbers and the campaigns' are kept).
    await prepareDemoGateway(k.t.app, { url: k.emuUrl, headers: k.emu.controlHeaders });
    expect(
      (await k.t.database.db.select().from(instanciasEvolution).where(eq(instanciasEvolution.idUnidade, f.unitA1))).length,
    ).toBe(2);
  });
});
