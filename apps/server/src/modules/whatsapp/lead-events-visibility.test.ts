// Issue 9 (issue 7 §1 gap): a lead's live events (appMessage, contact, lead-{id}-update) reach only
// the users who may see that lead (001 §6 acesso_atribuidos; @funil/domain/leads/visibility).
// Real app, real sockets, messages sent through the gateway emulator.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { appMessageEvent } from '@funil/domain/realtime/events';

import { createUser } from '../../demo/builders.ts';
import { TEST_PASSWORD } from '../../testing/test-app.ts';
import { startKit, type Kit } from './whatsapp-test-kit.ts';

let k: Kit;
type Client = Awaited<ReturnType<Kit['socket']>>;
let owner: Client; // attendant without acesso_atribuidos, the lead's attendant
let other: Client; // attendant without acesso_atribuidos, someone else
let seesAll: Client; // attendant with acesso_atribuidos
let admin: Client;
let otherUnit: Client;
let ownerId: number;
let assigned: number;
let unassigned: number;
const INST = 'vis-a1';

async function incoming(from: string, text: string) {
  const res = await k.emu$('POST', `/_emulator/instances/${INST}/messages`, { from, type: 'text', text });
  expect(res.status).toBe(201);
  await k.settle();
}
const got = (c: Client, text: string) =>
  c.events.some(
    (e) => e.name === appMessageEvent(k.t.fixture.companyA) && (e.payload as { message: { body: string } }).message.body === text,
  );
const gotLeadEvent = (c: Client, id: number) => c.events.some((e) => e.name === `lead-${id}-update`);

beforeAll(async () => {
  k = await startKit();
  const f = k.t.fixture;
  const db = k.t.database.db;
  const make = async (nome: string, acessoAtribuidos: boolean) => {
    const email = `${nome}@teste.com.br`;
    const id = await createUser(db, {
      idEmpresa: f.companyA,
      idUnidade: f.unitA1,
      nome,
      email,
      senha: TEST_PASSWORD,
      permissao: 'u',
      idRamal: 0,
      acessoAtribuidos,
    });
    return { id, token: await k.t.login(email) };
  };
  const o = await make('dona', false);
  const x = await make('outra', false);
  const all = await make('todos', true);
  ownerId = o.id;
  expect((await k.t.as(k.tokens.a, { method: 'POST', url: '/api/instancias', payload: { name: INST } })).statusCode).toBe(201);
  expect(
    (await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000009', profileName: 'Loja' })).status,
  ).toBe(200);
  await k.settle();
  assigned = await k.addLead(f.unitA1, f.companyA, 'Lead da Dona', '11987650001', { idUsuario: ownerId });
  unassigned = await k.addLead(f.unitA1, f.companyA, 'Lead Livre', '11987650002');
  owner = await k.socket(o.token);
  other = await k.socket(x.token);
  seesAll = await k.socket(all.token);
  admin = await k.socket(k.tokens.a);
  otherUnit = await k.socket(k.tokens.uA2);
}, 180_000);

afterAll(async () => {
  await k?.close();
});

describe('appMessage only to those who may see the lead (001 §6)', () => {
  it(
    "an attendant without acesso_atribuidos does not receive another attendant's lead's message; its " +
      'attendant, one with the switch and an admin do',
    async () => {
      await incoming('5511987650001', 'Mensagem para a dona');
      expect(got(owner, 'Mensagem para a dona')).toBe(true);
      expect(got(seesAll, 'Mensagem para a dona')).toBe(true);
      expect(got(admin, 'Mensagem para a dona')).toBe(true);
      expect(got(other, 'Mensagem para a dona')).toBe(false);
      expect(got(otherUnit, 'Mensagem para a dona')).toBe(false);
      // The lead's change events follow the same rule.
      expect(gotLeadEvent(owner, assigned)).toBe(true);
      expect(gotLeadEvent(other, assigned)).toBe(false);
    },
  );

  it('an unassigned lead is seen by every attendant of the unit (and no one of another unit)', async () => {
    await incoming('5511987650002', 'Mensagem livre');
    for (const c of [owner, other, seesAll, admin]) expect(got(c, 'Mensagem livre')).toBe(true);
    expect(gotLeadEvent(other, unassigned)).toBe(true);
    expect(got(otherUnit, 'Mensagem livre')).toBe(false);
  });

  it('each socket receives the message once, even when it is in several of the rooms', async () => {
    const count = admin.events.filter(
      (e) =>
        e.name === appMessageEvent(k.t.fixture.companyA) &&
        (e.payload as { message: { body: string } }).message.body === 'Mensagem livre',
    ).length;
    expect(count).toBe(1);
  });

  it('the payload names the attendant, so a list can drop a lead that moved to someone else', async () => {
    const event = owner.events.find(
      (e) =>
        e.name === appMessageEvent(k.t.fixture.companyA) &&
        (e.payload as { message: { body: string } }).message.body === 'Mensagem para a dona',
    );
    expect((event!.payload as { contact: { idUsuario: number | null } }).contact.idUsuario).toBe(ownerId);
  });
});
