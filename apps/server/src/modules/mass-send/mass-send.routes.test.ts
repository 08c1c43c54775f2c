// The mass-send API (issue 13; 002 §7 'Mass send', §8; 000 §6): roles, the unit flag, foreign
// ids, CAMPANHA_EXISTE, the payload variants, multipart media, the status transitions of 002 §4
// and the composer's lead search. The engine is not started here (its own test drives it).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  MASS_SEND_MESSAGES,
  massSendCampaignListSchema,
  massSendCapacitySchema,
  massSendCreatedSchema,
  massSendLeadSearchSchema,
  massSendRecipientListSchema,
} from '@funil/domain/mass-send/mass-send-api';

import { leads } from '../leads/leads.table.ts';
import { unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';
import { startKit, type Kit } from '../whatsapp/whatsapp-test-kit.ts';
import { enviosEmMassa, enviosEmMassaClientes } from './mass-send.table.ts';

let k: Kit;
const INST = 'massa-api';
const EXTRAS = {
  whatsapp_v2: true,
  habilita_envio_em_massaV2: true,
  configuracoes_envio_em_massa: { quantidade_max_leads: 3, tempo_minimo: 10, tempo_maximo: 50 },
};
const leadsA1: number[] = [];
let leadB1 = 0;
let seq = 0;

const db = () => k.t.database.db;
const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  k.t.as(token, { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const payloadOf = (ids: number[], extra: Record<string, unknown> = {}) => ({
  nomeDisparo: 'Promoção',
  intervaloMensagem: 20,
  leads: ids.map((id) => ({ cli_crm_id: id, cli_nome: 'x', cli_telefone: 'x' })),
  mensagens: ['Oi {{nome_do_cliente}}'],
  ...extra,
});
const campaigns = () => db().select().from(enviosEmMassa);
async function finalizeAll(): Promise<void> {
  await db().update(enviosEmMassa).set({ status: 'FINALIZADO' });
}

beforeAll(async () => {
  k = await startKit({ extras: EXTRAS, massSend: { autoStart: false } });
  expect((await as(k.tokens.a, 'POST', '/api/instancias', { name: INST })).statusCode).toBe(201);
  expect((await k.emu$('POST', `/_emulator/instances/${INST}/scan`, { number: '5511900000055' })).status).toBe(200);
  await k.settle();
  const f = k.t.fixture;
  for (const nome of ['Ana Lista', 'Bia Lista', 'Caio Lista', 'Duda Lista'])
    leadsA1.push(
      await k.addLead(f.unitA1, f.companyA, nome, `1197654${String(++seq).padStart(4, '0')}`, { cliStatusNegociacao: 2 }),
    );
  leadB1 = await k.addLead(f.unitB1, f.companyB, 'Lead de Outra Empresa', '31976540099');
}, 180_000);
afterAll(async () => {
  await k?.close();
});
beforeEach(async () => {
  await finalizeAll();
});

describe('roles and flag (000 §6)', () => {
  it(
    'Cadastrar Envios: user and admin (002 §2.4 column menu for a and ag, issue 21 item 16); Listar ' +
      'Envios user and admin; a manager is refused',
    async () => {
      const created = await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[0]!]));
      expect(created.statusCode, created.body).toBe(201);
      const body = massSendCreatedSchema.parse(created.json());
      expect(body.message).toBe(MASS_SEND_MESSAGES.created);
      expect(body.data).toMatchObject({
        name: 'Promoção',
        status: 'EM_ANDAMENTO',
        totalClientes: 1,
        clientesEnviados: 0,
        instancia: INST,
        intervaloMensagem: 20,
      });
      for (const token of [k.tokens.a, k.tokens.u]) {
        const list = await as(token, 'GET', '/api/envio-em-massa');
        expect(list.statusCode).toBe(200);
        expect(massSendCampaignListSchema.parse(list.json()).data.map((c) => c.id)).toContain(body.data.id);
      }
      const manager = await k.t.login(k.t.fixture.users.m.email);
      expect((await as(manager, 'GET', '/api/envio-em-massa')).statusCode).toBe(403);
      expect((await as(manager, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[1]!]))).statusCode).toBe(403);
      // The unit admin completes the campaign the pipeline's column menu starts.
      await finalizeAll();
      const byAdmin = await as(k.tokens.a, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[1]!]));
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    },
  );

  it(
    'half an emoji (a lone surrogate) in a campaign message answers 400 in Portuguese, like NUL, and ' +
      'creates nothing (issue 21 item 3)',
    async () => {
      const before = (await campaigns()).length;
      for (const payload of [
        payloadOf([leadsA1[0]!], { mensagens: ['Oi \uD83D'] }),
        payloadOf([leadsA1[0]!], {
          mensagens: [],
          leads: [{ cli_crm_id: leadsA1[0]!, cli_nome: 'x', cli_telefone: 'x', mensagem: '\uDE00 promoção' }],
        }),
      ]) {
        const res = await as(k.tokens.u, 'POST', '/api/envio-em-massa', payload);
        expect([res.statusCode, res.json().message]).toEqual([400, 'O texto enviado contém um caractere inválido.']);
      }
      expect((await campaigns()).length).toBe(before);
    },
  );

  it('without habilita_envio_em_massaV2 every route answers 403', async () => {
    await db()
      .update(unidadeConfiguracoes)
      .set({ configuracoesExtra: JSON.stringify({ whatsapp_v2: true }) })
      .where(eq(unidadeConfiguracoes.idUnidade, k.t.fixture.unitA2));
    for (const [method, url] of [
      ['GET', '/api/envio-em-massa'],
      ['POST', '/api/envio-em-massa'],
      ['GET', '/api/whatsapp/envio-em-progresso'],
      ['GET', '/api/envioemmassa/clientes/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/'],
    ] as const) {
      expect((await as(k.tokens.uA2, method, url, method === 'POST' ? payloadOf([1]) : undefined)).statusCode, url).toBe(403);
    }
  });
});

describe('foreign ids (issue 7 §1)', () => {
  it("another company's campaign is 404 and unchanged; another unit's lead in a payload is 404 and nothing is created", async () => {
    const created = massSendCreatedSchema.parse(
      (await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[1]!]))).json(),
    );
    const id = created.data.id;
    expect((await as(k.tokens.uB1, 'GET', `/api/envio-em-massa/${id}/clientes`)).statusCode).toBe(404);
    expect((await as(k.tokens.uB1, 'PUT', `/api/envio-em-massa/${id}`, { status: 'FINALIZADO' })).statusCode).toBe(404);
    expect((await campaigns()).find((c) => c.id === id)?.status).toBe('EM_ANDAMENTO');
    await finalizeAll();
    const before = (await campaigns()).length;
    const res = await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[0]!, leadB1]));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: MASS_SEND_MESSAGES.leadNotFound });
    expect((await campaigns()).length).toBe(before);
  });
});

describe('POST /api/envio-em-massa (002 §5, §8)', () => {
  it('CAMPANHA_EXISTE while a campaign is unfinished', async () => {
    expect((await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[0]!]))).statusCode).toBe(201);
    const again = await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[1]!]));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'Já existe um disparo em andamento. Aguarde a conclusão.',
      status: 409,
      code: 'CAMPANHA_EXISTE',
    });
  });

  it(
    'the rule is per WhatsApp number (issue 21 item 10; 002 §8 CAMPANHA_EXISTE): a paused campaign ' +
      'holds its number, a second number sends',
    async () => {
      const second = 'massa-api-2';
      if (!(await as(k.tokens.a, 'GET', '/api/instancias')).body.includes(second)) {
        expect((await as(k.tokens.a, 'POST', '/api/instancias', { name: second })).statusCode).toBe(201);
        expect((await k.emu$('POST', `/_emulator/instances/${second}/scan`, { number: '5511900000056' })).status).toBe(200);
        await k.settle();
      }
      const first = massSendCreatedSchema.parse(
        (await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[0]!], { evolutionInstanceName: INST }))).json(),
      ).data;
      expect((await as(k.tokens.u, 'PUT', `/api/envio-em-massa/${first.id}`, { status: 'PAUSADO' })).statusCode).toBe(200);
      // The paused campaign's own number stays held …
      const same = await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[1]!], { evolutionInstanceName: INST }));
      expect(same.statusCode).toBe(409);
      expect(same.json()).toMatchObject({ message: MASS_SEND_MESSAGES.campaignExists, code: 'CAMPANHA_EXISTE' });
      // … the other number sends.
      const other = await as(
        k.tokens.u,
        'POST',
        '/api/envio-em-massa',
        payloadOf([leadsA1[1]!], { evolutionInstanceName: second }),
      );
      expect(other.statusCode, other.body).toBe(201);
      expect(massSendCreatedSchema.parse(other.json()).data).toMatchObject({ status: 'EM_ANDAMENTO', instancia: second });
      await finalizeAll();
      // Without a chosen number (older payloads) the campaign takes a connected number no campaign holds.
      await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[0]!], { evolutionInstanceName: INST }));
      const unnamed = await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[2]!]));
      expect(unnamed.statusCode, unnamed.body).toBe(201);
      expect(massSendCreatedSchema.parse(unnamed.json()).data.instancia).toBe(second);
      // Both numbers held: the third campaign is refused and nothing is created.
      const before = (await campaigns()).length;
      expect((await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf([leadsA1[3]!]))).statusCode).toBe(409);
      expect((await campaigns()).length).toBe(before);
    },
  );

  it('refuses what 002 §5 refuses, in Portuguese, creating nothing', async () => {
    const before = (await campaigns()).length;
    const cases: [unknown, number, string][] = [
      [payloadOf([]), 400, MASS_SEND_MESSAGES.noLeads],
      [payloadOf(leadsA1), 400, MASS_SEND_MESSAGES.maxSelected],
      [payloadOf([leadsA1[0]!], { mensagens: ['   '] }), 400, MASS_SEND_MESSAGES.emptyMessage],
      [payloadOf([leadsA1[0]!], { nomeDisparo: ' ' }), 400, MASS_SEND_MESSAGES.nameRequired],
      [payloadOf([leadsA1[0]!], { evolutionInstanceName: 'nao-existe' }), 404, MASS_SEND_MESSAGES.instanceNotFound],
      [payloadOf([leadsA1[0]!], { idStatusNovo: 999 }), 400, MASS_SEND_MESSAGES.statusNotFound],
      [payloadOf([leadsA1[0]!], { mensagens: ['1', '2', '3', '4', '5', '6'] }), 400, ''],
    ];
    for (const [payload, status, message] of cases) {
      const res = await as(k.tokens.u, 'POST', '/api/envio-em-massa', payload);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    // A body that cannot be read: 'Erro ao cadastrar disparo' with its code, so the composer adds no reason to it (issue 22 §3).
    const unreadable = await as(k.tokens.u, 'POST', '/api/envio-em-massa', [payloadOf([leadsA1[0]!])]);
    expect(unreadable.json()).toEqual({ message: MASS_SEND_MESSAGES.createFailed, status: 400, code: 'DISPARO_RECUSADO' });
    expect((await campaigns()).length).toBe(before);
  });

  it('multipart: medias (one file) and body (JSON text); the media alone is a message', async () => {
    const boundary = '----funil-massa';
    const json = JSON.stringify(payloadOf([leadsA1[2]!], { mensagens: [] }));
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\n${json}\r\n--${boundary}\r\nContent-Disposition: ` +
          `form-data; name="medias"; filename="oferta.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await k.t.as(k.tokens.u, {
      method: 'POST',
      url: '/api/envio-em-massa',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await db()
      .select()
      .from(enviosEmMassa)
      .where(eq(enviosEmMassa.id, massSendCreatedSchema.parse(res.json()).data.id));
    expect(row).toMatchObject({ midiaMimetype: 'image/png', midiaNome: 'oferta.png', mensagens: [] });
    expect(Buffer.from(row!.midiaBase64!, 'base64').equals(png)).toBe(true);
  });

  it('the older variants reach the same engine; envio-em-progresso reports it', async () => {
    const old = await as(k.tokens.u, 'POST', '/api/whatsapp/envio-em-massa', {
      idEmpresa: 1,
      idUnidade: 1,
      tokenWhatsappNovo: 'ignorado',
      quantidadeClientes: 2,
      leads: leadsA1.slice(0, 3).map((id) => ({ cli_crm_id: id, cli_telefone: 'x', mensagens: [`Olá [nome_do_cliente] ${id}`] })),
      idStatusNovo: null,
      mudarStatus: false,
    });
    expect(old.statusCode, old.body).toBe(201);
    const id = massSendCreatedSchema.parse(old.json()).data.id;
    const rows = await db().select().from(enviosEmMassaClientes).where(eq(enviosEmMassaClientes.idCampanha, id));
    expect(rows.map((r) => r.mensagemPropria)).toEqual(leadsA1.slice(0, 2).map((l) => `Olá [nome_do_cliente] ${l}`));
    expect((await as(k.tokens.u, 'GET', '/api/whatsapp/envio-em-progresso')).json()).toMatchObject({
      data: { envioEmProgresso: true, campanha: { id } },
    });
    await finalizeAll();
    const oldest = await as(k.tokens.u, 'POST', '/api/messages/send-envio-em-massa', {
      tokenWhatsapp: 'x',
      instanciaWhatsapp: INST,
      intervaloMensagem: 5,
      quantidadeClientes: 1,
      leads: [{ cli_crm_id: leadsA1[3], cli_telefone: 'x', mensagem: 'Oi' }],
      idStatusNovo: 3,
    });
    expect(oldest.statusCode, oldest.body).toBe(201);
    expect(massSendCreatedSchema.parse(oldest.json()).data).toMatchObject({
      intervaloMensagem: 10,
      idStatusNovo: 3,
      instancia: INST,
    });
    await finalizeAll();
    expect((await as(k.tokens.u, 'GET', '/api/whatsapp/envio-em-progresso')).json()).toEqual({
      data: { envioEmProgresso: false, campanha: null },
    });
  });
});

describe('PUT /api/envio-em-massa/{id} (002 §4)', () => {
  it('Pausar only in progress, Continuar only paused, Finalizar either; the unsent leads become Não Enviado', async () => {
    const id = massSendCreatedSchema.parse(
      (await as(k.tokens.u, 'POST', '/api/envio-em-massa', payloadOf(leadsA1.slice(0, 2)))).json(),
    ).data.id;
    const put = (token: string, status: string) => as(token, 'PUT', `/api/envio-em-massa/${id}`, { status, whatsappId: 1 });
    expect((await put(k.tokens.u, 'EM_ANDAMENTO')).statusCode).toBe(409);
    expect((await put(k.tokens.a, 'PAUSADO')).json()).toMatchObject({ data: { status: 'PAUSADO' } });
    expect((await put(k.tokens.u, 'PAUSADO')).statusCode).toBe(409);
    expect((await put(k.tokens.u, 'EM_ANDAMENTO')).json()).toMatchObject({ data: { status: 'EM_ANDAMENTO' } });
    expect((await put(k.tokens.u, 'OUTRO')).statusCode).toBe(400);
    expect((await put(k.tokens.u, 'FINALIZADO')).json()).toMatchObject({
      data: { status: 'FINALIZADO', clientesNaoEnviados: 2 },
    });
    expect((await put(k.tokens.u, 'EM_ANDAMENTO')).statusCode).toBe(409);
    const detail = massSendRecipientListSchema.parse((await as(k.tokens.a, 'GET', `/api/envio-em-massa/${id}/clientes`)).json());
    expect(detail.data.map((r) => [r.name, r.status, r.motivo])).toEqual([
      ['Ana Lista', 'NOT_SENT', MASS_SEND_MESSAGES.finalized],
      ['Bia Lista', 'NOT_SENT', MASS_SEND_MESSAGES.finalized],
    ]);
    expect(detail.campanha.status).toBe('FINALIZADO');
  });
});

describe('GET /api/envio-em-massa/capacidade (issue 13 projected finish)', () => {
  it("gives the unit's settings and each number's use and cap today; the composer's role only", async () => {
    const res = await as(k.tokens.u, 'GET', '/api/envio-em-massa/capacidade');
    expect(res.statusCode, res.body).toBe(200);
    const body = massSendCapacitySchema.parse(res.json());
    expect(body.data.configuracoes).toMatchObject({
      quantidade_max_leads: 3,
      tempo_minimo: 10,
      tempo_maximo: 50,
      horario_inicio: '08:00',
    });
    expect(body.data.instancias.find((i) => i.nome === INST)).toEqual({
      nome: INST,
      conectada: true,
      enviadosHoje: 0,
      limiteHoje: 20,
      primeiroUso: null,
    });
    expect((await as(k.tokens.a, 'GET', '/api/envio-em-massa/capacidade')).statusCode).toBe(200);
    expect((await as(await k.t.login(k.t.fixture.users.m.email), 'GET', '/api/envio-em-massa/capacidade')).statusCode).toBe(403);
  });
});

describe('GET /api/envioemmassa/clientes/{…} (002 §7)', () => {
  it("finds the unit's leads by the filter segments, never another unit's", async () => {
    const all = massSendLeadSearchSchema.parse(
      (await as(k.tokens.u, 'GET', '/api/envioemmassa/clientes/-1/-1/-1/-1/-1/-1/-1/-1/-1/-1/')).json(),
    );
    expect(all.clientes.map((c) => c.cli_crm_id).sort()).toEqual([...leadsA1].sort());
    expect(all.total).toBe(4);
    expect(all.clientes.some((c) => c.cli_crm_id === leadB1)).toBe(false);
    const none = massSendLeadSearchSchema.parse(
      (await as(k.tokens.u, 'GET', '/api/envioemmassa/clientes/5/-1/-1/-1/-1/-1/-1/-1/-1/-1/')).json(),
    );
    expect(none).toEqual({ clientes: [], total: 0 });
    const bad = await as(k.tokens.u, 'GET', '/api/envioemmassa/clientes/-1/-1/');
    expect(bad.statusCode).toBe(400);
  });

  it('the fifth segment is the message status of 001 §4 (status_mensagem: 2 Respondeu), as the composer offers it', async () => {
    await db().update(leads).set({ cliMensagemStatus: 2 }).where(eq(leads.cliCrmId, leadsA1[1]!));
    try {
      const replied = massSendLeadSearchSchema.parse(
        (await as(k.tokens.u, 'GET', '/api/envioemmassa/clientes/-1/-1/-1/-1/2/-1/-1/-1/-1/-1/')).json(),
      );
      expect(replied.clientes.map((c) => c.cli_crm_id)).toEqual([leadsA1[1]]);
      const neverSent = massSendLeadSearchSchema.parse(
        (await as(k.tokens.u, 'GET', '/api/envioemmassa/clientes/2/-1/-1/-1/0/-1/-1/-1/-1/-1/')).json(),
      );
      expect(neverSent.clientes.map((c) => c.cli_crm_id).sort()).toEqual(leadsA1.filter((id) => id !== leadsA1[1]).sort());
    } finally {
      await db().update(leads).set({ cliMensagemStatus: 0 }).where(eq(leads.cliCrmId, leadsA1[1]!));
    }
  });
});
