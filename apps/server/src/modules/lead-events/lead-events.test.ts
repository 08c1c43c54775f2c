// Over 500 lines: one walk of every kind of lead change beside the stream's order, crash and retention cases (one fixture).
// The lead event stream (issue 22 §2): one event per change of a lead, written in the change's
// transaction (a rolled-back change leaves none and announces nothing), consumers that read it in
// order from a durable position, resume after a crash without losing or repeating an effect, and
// a drag on the pipeline that reads the lead once and is announced once.
import { count, eq, gt, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { LEAD_EVENT_TYPES, type LeadEventType } from '@funil/domain/lead-events/lead-events';

import { afterCommit } from '../../db/after-commit.ts';
import { openDatabase } from '../../db/connection.ts';
import { executeRows } from '../../db/handle.ts';
import { createPgDatabase, PG_TEMPLATE_ENV, testDatabaseName } from '../../testing/db-template.ts';
import { adminQuery } from '../../testing/processes.ts';
import { potenciais } from '../catalog/catalog.table.ts';
import { createLeadsKit, nextPhone, type Kit } from '../leads/leads-test-kit.ts';
import { createdEvent } from '../leads/leads.service.ts';
import { historico } from '../leads/leads.table.ts';
import { leadTags, tags } from '../tags/tags.table.ts';
import { LeadEventRunner } from './lead-event-runner.ts';
import {
  appendLeadEvents,
  lastLeadEventId,
  LEAD_EVENTS_CHANNEL,
  LEAD_EVENTS_RETENTION_DAYS,
  pruneLeadEvents,
  type LeadEventConsumer,
} from './lead-events.service.ts';
import { leadEventos, leadEventosConsumidores } from './lead-events.table.ts';

let k: Kit;
beforeAll(async () => {
  k = await createLeadsKit();
}, 180_000);
afterAll(() => k.t.close());

const db = () => k.t.database.db;
const eventsOf = (id: number) => db().select().from(leadEventos).where(eq(leadEventos.cliCrmId, id)).orderBy(leadEventos.id);
const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);

describe('one event per change, in its transaction (issue 22 §2)', () => {
  it('walks every change route: each writes exactly one event of its type for that lead', async () => {
    const [potencial] = await db()
      .insert(potenciais)
      .values({ idEmpresa: k.t.fixture.companyA, nome: 'Evento' })
      .returning({ id: potenciais.id });
    const [tag] = await db()
      .insert(tags)
      .values({ idUnidade: k.unitId('A1'), nome: 'Evento', cor: '#112233' })
      .returning();
    let itemId = 0;
    type Step = {
      tipo: LeadEventType;
      who?: 'a' | 'u';
      /** The lead's values before the change (a status 1 lead otherwise). */
      values?: Parameters<Kit['lead']>[0];
      prepare?: (id: number) => Promise<void>;
      request: (id: number) => Promise<InjectOptions> | InjectOptions;
    };
    const steps: Step[] = [
      {
        tipo: 'atualizado',
        request: (id) => ({
          method: 'POST',
          url: `/api/contato/atualizarcontato/${id}`,
          payload: { cli_nome: 'Depois', cli_telefone: nextPhone() },
        }),
      },
      {
        tipo: 'valor-ticket',
        request: (id) => ({ method: 'POST', url: `/api/contato/valorticket/${id}`, payload: { valor_ticket: 123.45 } }),
      },
      {
        tipo: 'ligacao-agendada',
        request: (id) => ({
          method: 'POST',
          url: `/api/contato/agendarcontato/${id}`,
          payload: { cli_contato_agendado: '2030-12-31 10:00:00' },
        }),
      },
      {
        tipo: 'mensagem-agendada',
        request: (id) => ({
          method: 'POST',
          url: `/api/contato/agendar-mensagem/${id}`,
          payload: { cli_mensagem_agendada: 'Olá', cli_data_mensagem_agendada: '2030-12-31 10:00:00' },
        }),
      },
      {
        tipo: 'atribuido',
        request: (id) => ({
          method: 'PUT',
          url: `/api/contato/atribuiratendente/${id}`,
          payload: { idAtendente: k.t.fixture.users.u.id },
        }),
      },
      {
        tipo: 'transferido',
        request: (id) => ({
          method: 'POST',
          url: `/api/contato/transferircontato/${id}`,
          payload: { idUnidade: k.unitId('A2') },
        }),
      },
      {
        tipo: 'whatsapp-bloqueado',
        request: (id) => ({ method: 'PUT', url: `/api/contato/whatsapp-bloqueado/${id}`, payload: {} }),
      },
      { tipo: 'convertido', request: (id) => ({ method: 'POST', url: `/api/contato/convertercliente/${id}`, payload: {} }) },
      {
        tipo: 'status',
        request: (id) => ({ method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${id}`, payload: { status: 2 } }),
      },
      {
        tipo: 'status-venda',
        request: (id) => ({
          method: 'POST',
          url: `/api/negociacao/atualizarstatusnegociacaovenda/${id}`,
          payload: { status: 3 },
        }),
      },
      {
        tipo: 'potencial',
        request: (id) => ({
          method: 'POST',
          url: `/api/negociacao/atualizarpotencial/${id}`,
          payload: { idPotencial: potencial!.id, valor: 3 },
        }),
      },
      {
        tipo: 'anotacao',
        request: (id) => ({
          method: 'POST',
          url: `/api/negociacao/adicionaritem/${id}`,
          payload: { tipo: 2, texto: 'Uma anotação' },
        }),
      },
      {
        tipo: 'tags',
        request: (id) => ({ method: 'POST', url: `/api/tagsClientes/${id}`, payload: { tags: [{ id_tag: tag!.id }] } }),
      },
      {
        tipo: 'chamada-iniciada',
        request: (id) => ({ method: 'POST', url: `/api/contato/chamadaid/${id}`, payload: { chamada_id: 'c1' } }),
      },
      {
        tipo: 'chamada-encerrada',
        request: (id) => ({
          method: 'POST',
          url: `/api/contato/proximaligacao/${id}`,
          payload: {
            chamada_id: 'c1',
            duracao: 20,
            duracao_falada: 0,
            status_chamada: 'Ocupado',
            motivo_desconexao: '486 Busy Here',
          },
        }),
      },
      {
        tipo: 'nao-lida',
        request: (id) => ({ method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { marcado_nao_lida: 1 } }),
      },
      // The chat's bookkeeping through the same route (unread counter): no history, still its event.
      {
        tipo: 'atualizado',
        request: (id) => ({
          method: 'PUT',
          url: `/api/webhook/lead/cli_crm_id/${id}`,
          payload: { whatsapp_ultima_mensagem_nao_lidas: 3 },
        }),
      },
      {
        tipo: 'apagado',
        prepare: () => k.setUserConfig('a', { excluir_leads: true }),
        request: (id) => ({ method: 'PUT', url: `/api/webhook/lead/cli_crm_id/${id}`, payload: { desativado: 1 } }),
      },
      {
        tipo: 'desatribuido',
        values: { cliStatusNegociacao: 1, idUsuario: k.t.fixture.users.u.id },
        request: (id) => ({ method: 'PUT', url: `/api/contato/removeratendente/${id}`, payload: {} }),
      },
      {
        tipo: 'mensagem-agendada',
        values: { cliStatusNegociacao: 1, cliMensagemAgendada: 'Olá', cliDataMensagemAgendada: new Date('2030-12-31T13:00:00Z') },
        request: (id) => ({ method: 'PUT', url: `/api/contato/atualiza-mensagem-agendada/${id}`, payload: {} }),
      },
      {
        tipo: 'tags',
        prepare: async (id) => void (await db().insert(leadTags).values({ cliCrmId: id, idTag: tag!.id })),
        request: (id) => ({ method: 'DELETE', url: `/api/tagsClientes/${id}/${tag!.id}` }),
      },
      {
        tipo: 'anotacao-removida',
        prepare: async (id) => {
          const [item] = await db()
            .insert(historico)
            .values({ cliCrmId: id, idUnidade: k.unitId('A1'), tipo: 2, texto: 'Anotação a remover' })
            .returning({ id: historico.id });
          itemId = item!.id;
        },
        request: () => ({ method: 'POST', url: `/api/negociacao/removeritem/${itemId}`, payload: {} }),
      },
      {
        tipo: 'comentario-removido',
        prepare: async (id) => {
          const [item] = await db()
            .insert(historico)
            .values({ cliCrmId: id, idUnidade: k.unitId('A1'), tipo: 5, descricao: 'Status', comentario: 'Um comentário' })
            .returning({ id: historico.id });
          itemId = item!.id;
        },
        request: () => ({ method: 'POST', url: `/api/negociacao/removercomentario/${itemId}`, payload: {} }),
      },
      // A card's new place in its own column (002 §4): no status change, its own kind.
      {
        tipo: 'posicao-pipeline',
        prepare: () => k.setExtras('A1', { clienteAtendente: true, edicao_status_cliente: true, pipeline: true }),
        request: (id) => ({ method: 'PUT', url: '/api/kanban/status-negociacao', payload: { cli_crm_id: id, idFunil: 1 } }),
      },
      // The chat's own change of the lead (001 §4 "Reading": the unread counter zeroed).
      {
        tipo: 'whatsapp',
        who: 'u',
        values: { cliStatusNegociacao: 1, whatsappUltimaMensagemNaoLidas: 2 },
        request: (id) => ({ method: 'POST', url: '/api/whatsapp/enviar/naolidas', payload: { cli_crm_id: id } }),
      },
    ];
    // Every kind of the contract is walked here or in the test named for it, so a new kind cannot
    // go without its "one event per change" test.
    const elsewhere: Partial<Record<LeadEventType, string>> = {
      criado: 'below: "a created lead has its one event"',
      'mensagem-recebida': 'whatsapp/ingest/message-events.test.ts',
      'mensagem-enviada': "whatsapp/ingest/message-events.test.ts; a campaign's idCampanha: mass-send.engine.test.ts",
      'mensagem-editada': 'whatsapp/ingest/message-events.test.ts "a message edit"',
      'optout-envio-massa': 'mass-send.engine.test.ts "skips blocked and opted-out leads"',
      'captado-novamente': 'capture/capture.routes.test.ts (a number the unit has: one captado-novamente, no new lead)',
    };
    expect(new Set([...steps.map((st) => st.tipo), ...Object.keys(elsewhere)])).toEqual(new Set(LEAD_EVENT_TYPES));
    for (const step of steps) {
      const id = await k.lead(step.values ?? { cliStatusNegociacao: 1 });
      await step.prepare?.(id);
      const res = await k.call(step.who ?? 'a', await step.request(id));
      expect(res.statusCode, `${step.tipo}: ${res.body}`).toBe(200);
      const events = await eventsOf(id);
      expect(
        events.map((e) => e.tipo),
        step.tipo,
      ).toEqual([step.tipo]);
      expect(events[0]!.ator).toBe(k.t.fixture.users[step.who ?? 'a'].id);
    }
  });

  it('a created lead has its one event; the status change carries its columns before and after; a transfer both audiences', async () => {
    const res = await k.call('a', {
      method: 'POST',
      url: '/api/contato/cadastrarcontato/manual',
      payload: { cli_nome: 'Novo do evento', cli_telefone: nextPhone() },
    });
    ok(res);
    const id = (res.json() as { data: { id: number } }).data.id;
    const [created] = await eventsOf(id);
    expect(created).toMatchObject({
      tipo: 'criado',
      antes: null,
      depois: { idUnidade: k.unitId('A1'), idUsuario: null },
      dados: { origem: 'manual', descricao: 'Lead cadastrado manualmente' },
    });
    ok(await k.call('a', { method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${id}`, payload: { status: 2 } }));
    ok(
      await k.call('a', { method: 'POST', url: `/api/contato/transferircontato/${id}`, payload: { idUnidade: k.unitId('A2') } }),
    );
    const [, status, transfer] = await eventsOf(id);
    expect(status!.mudancas).toMatchObject({ cliStatusNegociacao: { de: 1, para: 2 } });
    expect([transfer!.antes, transfer!.depois]).toEqual([
      { idUnidade: k.unitId('A1'), idUsuario: null },
      { idUnidade: k.unitId('A2'), idUsuario: null },
    ]);
  });

  it('a refused change writes no event (its transaction rolled back) and an unchanged one none either', async () => {
    const id = await k.lead({ cliStatusNegociacao: 1 });
    const res = await k.call('a', {
      method: 'POST',
      url: `/api/negociacao/atualizarstatusnegociacao/${id}`,
      payload: { status: 999 },
    });
    expect(res.statusCode).toBe(400);
    ok(await k.call('a', { method: 'POST', url: `/api/negociacao/atualizarstatusnegociacao/${id}`, payload: { status: 1 } }));
    expect(await eventsOf(id)).toEqual([]);
  });

  it('an append inside a transaction that rolls back leaves nothing and announces nothing', async () => {
    const id = await k.lead({});
    const seen: number[] = [];
    const runner = new LeadEventRunner(k.t.database, { pollMs: 0 });
    runner.add({
      name: 'teste-rollback',
      from: 'now',
      handle: async (events) => void seen.push(...events.map((e) => e.cliCrmId)),
    });
    await runner.start();
    try {
      await expect(
        db().transaction(async (tx) => {
          await appendLeadEvents(tx, [
            createdEvent({ cliCrmId: id, idEmpresa: k.t.fixture.companyA, idUnidade: k.unitId('A1'), idUsuario: null }, null, {
              origem: 'manual',
              descricao: 'x',
            }),
          ]);
          throw new Error('desfaz');
        }),
      ).rejects.toThrow('desfaz');
      await runner.drain();
      expect(await eventsOf(id)).toEqual([]);
      expect(seen).not.toContain(id);
    } finally {
      await runner.stop();
    }
  });
});

describe('consumers (issue 22 §2)', () => {
  it('a batch commits without waiting for the WAL flush (synchronous_commit off in its transaction only)', async () => {
    const id = await k.lead({});
    const inBatch: string[] = [];
    const runner = new LeadEventRunner(k.t.database, { pollMs: 0, pruneEveryMs: 0 });
    runner.add({
      name: `teste-sincrono-${Date.now()}`,
      from: 'now',
      handle: async (events, tx) => {
        if (!events.some((e) => e.cliCrmId === id)) return;
        const [row] = await executeRows<{ v: string }>(tx, sql`select current_setting('synchronous_commit') as v`);
        inBatch.push(row!.v);
      },
    });
    await runner.start();
    try {
      ok(await k.call('a', { method: 'POST', url: `/api/negociacao/adicionaritem/${id}`, payload: { tipo: 2, texto: 'x' } }));
      await runner.drain();
      expect(inBatch).toEqual(['off']);
      const [outside] = await executeRows<{ v: string }>(db(), sql`select current_setting('synchronous_commit') as v`);
      expect(outside!.v).toBe('on');
    } finally {
      await runner.stop();
    }
  });

  it('a burst of commits is read in fewer passes than commits (passes spaced), every event once and in order', async () => {
    const id = await k.lead({});
    const batches: number[][] = [];
    const runner = new LeadEventRunner(k.t.database, { pollMs: 0, pruneEveryMs: 0, spacingMs: 1_000 });
    runner.add({
      name: `teste-espacado-${Date.now()}`,
      from: 'now',
      handle: async (events) => void batches.push(events.filter((e) => e.cliCrmId === id).map((e) => e.id)),
    });
    await runner.start();
    try {
      for (let i = 0; i < 20; i++) {
        await db().transaction((tx) =>
          appendLeadEvents(tx, [
            createdEvent({ cliCrmId: id, idEmpresa: k.t.fixture.companyA, idUnidade: k.unitId('A1'), idUsuario: null }, null, {
              origem: 'manual',
              descricao: `rajada ${i}`,
            }),
          ]),
        );
        runner.kick(); // what each commit's NOTIFY does
      }
      await runner.drain();
      const ids = (await eventsOf(id)).map((e) => e.id);
      expect(batches.flat()).toEqual(ids);
      expect(ids).toHaveLength(20);
      // One pass per commit without the spacing; with it, the commits that came during a pass wait for the next one.
      expect(batches.filter((b) => b.length > 0).length).toBeLessThan(10);
    } finally {
      await runner.stop();
    }
  });

  it(
    'several processes: the one that moved a consumer last keeps it for ownMs, the other runs no batch of it meanwhile; ' +
      'it takes over at once when the first stops, or when the first one’s time is up (a process that died)',
    async () => {
      const name = `teste-dono-${Date.now()}`;
      const seen = { a: [] as number[], b: [] as number[] };
      const consumer = (who: 'a' | 'b'): LeadEventConsumer => ({
        name,
        from: 'now',
        handle: async (events) => void seen[who].push(...events.map((e) => e.id)),
      });
      const note = async (texto: string) => {
        const id = await k.lead({});
        ok(await k.call('a', { method: 'POST', url: `/api/negociacao/adicionaritem/${id}`, payload: { tipo: 2, texto } }));
      };
      const runner = (who: 'a' | 'b') => {
        const r = new LeadEventRunner(k.t.database, { pollMs: 0, pruneEveryMs: 0, ownMs: 1_500 });
        r.add(consumer(who));
        return r;
      };
      const a = runner('a');
      await a.start();
      await note('primeiro');
      await a.drain();
      expect(seen.a.length).toBeGreaterThan(0);
      const [owned] = await db().select().from(leadEventosConsumidores).where(eq(leadEventosConsumidores.consumidor, name));
      expect(owned!.dono).toMatch(/^eventos-/);
      // B hears the next commits but leaves them to A, which has the consumer.
      const b = runner('b');
      await b.start();
      await note('segundo');
      await note('terceiro');
      await a.drain();
      expect(seen.b).toEqual([]);
      // A stops: the consumer is free at once, B takes what comes next.
      await a.stop();
      const [freed] = await db().select().from(leadEventosConsumidores).where(eq(leadEventosConsumidores.consumidor, name));
      expect(freed!.dono).toBeNull();
      await note('quarto');
      await b.drain();
      expect(seen.b.length).toBeGreaterThan(0);
      // A process that died holding it (its name and time left on the row): C waits for that time, then takes over.
      await b.stop();
      await db().execute(
        sql`update lead_eventos_consumidores set dono = 'eventos-morto', dono_ate = now() + interval '1.5 seconds'
          where consumidor = ${name}`,
      );
      const c = new LeadEventRunner(k.t.database, { pollMs: 0, pruneEveryMs: 0, ownMs: 1_500 });
      const seenC: number[] = [];
      c.add({ name, from: 'now', handle: async (events) => void seenC.push(...events.map((e) => e.id)) });
      await c.start();
      await note('quinto');
      const started = Date.now();
      await c.drain();
      expect(seenC.length).toBe(1);
      expect(Date.now() - started).toBeGreaterThan(1_000);
      // Every event went to exactly one of them.
      const all = [...seen.a, ...seen.b, ...seenC];
      expect(new Set(all).size).toBe(all.length);
      await c.stop();
    },
    30_000,
  );

  const effects = async (name: string) =>
    (await db().execute(sql`select evento_id from teste_efeitos where consumidor = ${name} order by evento_id`)) as unknown as {
      rows: { evento_id: string | number }[];
    };

  it(
    'a consumer that crashes mid-batch resumes without losing or repeating an effect, and keeps its ' +
      'position across a restart',
    async () => {
      await db().execute(
        sql`create table if not exists teste_efeitos (consumidor text not null, evento_id bigint not null, primary key
        (consumidor, evento_id))`,
      );
      const start = Number(
        (
          (await db().execute(sql`select coalesce(max(id), 0) as m from lead_eventos`)) as unknown as {
            rows: { m: string | number }[];
          }
        ).rows[0]!.m,
      );
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) {
        const id = await k.lead({});
        ids.push(id);
        ok(
          await k.call('a', {
            method: 'POST',
            url: `/api/negociacao/adicionaritem/${id}`,
            payload: { tipo: 2, texto: `nota ${i}` },
          }),
        );
      }
      const name = 'teste-queda';
      // Starts where the stream is now: position `start`, as a consumer of 'now' added before these notes.
      await db().insert(leadEventosConsumidores).values({ consumidor: name, ultimoId: start });
      let crashes = 1;
      const outside = new Map<number, number>();
      const consumer = (): LeadEventConsumer => ({
        name,
        from: 'now',
        async handle(events, tx) {
          for (const [i, e] of events.entries()) {
            // The effect in the database, with the position: exactly once.
            await tx.execute(sql`insert into teste_efeitos (consumidor, evento_id) values (${name}, ${e.id})`);
            // An effect outside it, idempotent by event id.
            outside.set(e.id, (outside.get(e.id) ?? 0) + 1);
            if (i === 2 && crashes > 0) {
              crashes -= 1;
              throw new Error('queda no meio do lote');
            }
          }
        },
      });
      const first = new LeadEventRunner(k.t.database, { pollMs: 0, retryMs: 10 });
      first.add(consumer());
      await first.start();
      await first.drain();
      await first.stop();
      const rows = (await effects(name)).rows.map((r) => Number(r.evento_id));
      expect(rows.length).toBe(5);
      expect(new Set(rows).size).toBe(5);
      const [position] = await db().select().from(leadEventosConsumidores).where(eq(leadEventosConsumidores.consumidor, name));
      expect(position!.ultimoId).toBe(Math.max(...rows));
      expect(position!.falhas).toBe(0);
      // "A restart": a new runner on the same database reads only what came after its position.
      const id = await k.lead({});
      ok(
        await k.call('a', { method: 'POST', url: `/api/negociacao/adicionaritem/${id}`, payload: { tipo: 2, texto: 'depois' } }),
      );
      const second = new LeadEventRunner(k.t.database, { pollMs: 0 });
      second.add(consumer());
      await second.start();
      await second.drain();
      await second.stop();
      const after = (await effects(name)).rows.map((r) => Number(r.evento_id));
      expect(after.length).toBe(6);
      expect(after.slice(0, 5)).toEqual(rows);
    },
  );
});

describe('the wake-up after the commit (docs/decisions.md "Lead events: the wake-up after the commit")', () => {
  // A transaction that NOTIFYs takes one lock for the whole server at its commit and keeps it through its
  // WAL flush: an append must not, or every change of a lead commits behind every other.
  it('an append NOTIFYs nothing in its own transaction: no trigger on the stream, and its handle runs work after the commit', async () => {
    const triggers = await executeRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from pg_trigger where tgrelid = 'lead_eventos'::regclass and not tgisinternal`,
    );
    expect(triggers[0]!.n).toBe(0);
    const registered = await db().transaction(async (tx) => afterCommit(tx, () => undefined));
    expect(registered).toBe(true);
  });

  it('an append is announced once committed, to a listener of the same database; a rolled-back one is not', async () => {
    const id = await k.lead({});
    const heard: number[] = [];
    const unlisten = await k.t.database.listen(LEAD_EVENTS_CHANNEL, {
      notify: () => void heard.push(Date.now()),
      state: () => undefined,
    });
    const append = (tx: Parameters<Parameters<ReturnType<typeof db>['transaction']>[0]>[0]) =>
      appendLeadEvents(tx, [
        createdEvent({ cliCrmId: id, idEmpresa: k.t.fixture.companyA, idUnidade: k.unitId('A1'), idUsuario: null }, null, {
          origem: 'manual',
          descricao: 'anúncio',
        }),
      ]);
    try {
      await expect(
        db().transaction(async (tx) => {
          await append(tx);
          throw new Error('desfaz');
        }),
      ).rejects.toThrow('desfaz');
      await new Promise((r) => setTimeout(r, 200));
      expect(heard).toEqual([]);
      let committedAt = 0;
      await db().transaction(async (tx) => {
        await append(tx);
        await new Promise((r) => setTimeout(r, 100));
        // Still open: nothing announced yet.
        expect(heard).toEqual([]);
      });
      committedAt = Date.now();
      await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0), { timeout: 5_000 });
      expect(heard[0]).toBeGreaterThanOrEqual(committedAt);
    } finally {
      await unlisten();
    }
  });

  it('consumers woken only by the announcements (no poll, no kick) read every event of 20 concurrent commits', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => k.lead({})));
    const seen = new Set<number>();
    const runner = new LeadEventRunner(k.t.database, { pollMs: 0, pruneEveryMs: 0 });
    runner.add({
      name: `teste-anuncio-${Date.now()}`,
      from: 'now',
      handle: async (events) => events.forEach((e) => seen.add(e.id)),
    });
    await runner.start();
    try {
      const before = await lastLeadEventId(db());
      await Promise.all(
        ids.map((id) =>
          db().transaction((tx) =>
            appendLeadEvents(tx, [
              createdEvent({ cliCrmId: id, idEmpresa: k.t.fixture.companyA, idUnidade: k.unitId('A1'), idUsuario: null }, null, {
                origem: 'manual',
                descricao: 'concorrente',
              }),
            ]),
          ),
        ),
      );
      const appended = (await db().select({ id: leadEventos.id }).from(leadEventos).where(gt(leadEventos.id, before))).map(
        (r) => r.id,
      );
      expect(appended).toHaveLength(20);
      await vi.waitFor(() => expect(appended.filter((e) => !seen.has(e))).toEqual([]), { timeout: 10_000 });
    } finally {
      await runner.stop();
    }
  });
});

describe('a drag on the pipeline (issue 22 §2)', () => {
  it('reads the lead once and sends one announcement', async () => {
    await k.setExtras('A1', { clienteAtendente: true, edicao_status_cliente: true, pipeline: true });
    const id = await k.lead({ cliStatusNegociacao: 1 });
    const address = k.t.app.server.address();
    if (!address || typeof address === 'string') await k.t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (k.t.app.server.address() as { port: number }).port;
    const socket: Socket = connect(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token: k.token.a },
      transports: ['websocket'],
      reconnection: false,
    });
    const got: string[] = [];
    socket.onAny((name: string) => {
      if (name !== 'ready') got.push(name);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('ready', () => resolve());
      socket.once('connect_error', reject);
    });
    // The lead's reads, by the statement log: every select from the leads table given this lead's id
    // (drizzle's logger, on the app's handle and in its transactions; the raw driver's reads too).
    const reads: string[] = [];
    const readsLead = (text: string, params: readonly unknown[]) => {
      if (/^\s*(select|with)/i.test(text) && /from "?leads"?\b/i.test(text) && params.some((p) => p === id || p === String(id)))
        reads.push(text);
    };
    const session = (db() as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
    const client = (db() as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
    const saved = { logger: session.logger, options: session.options.logger, query: client.query };
    // A drizzle statement reaches the driver right after its log line: counted once.
    let logged: string | null = null;
    const logger = {
      logQuery: (text: string, params: unknown[]) => {
        logged = text;
        readsLead(text, params);
      },
    };
    session.logger = logger;
    session.options.logger = logger;
    client.query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string; values?: unknown[] };
      const text = typeof first === 'string' ? first : (first?.text ?? '');
      if (text === logged) logged = null;
      else if (typeof first === 'string') readsLead(first, (args[1] as unknown[] | undefined) ?? []);
      else readsLead(first?.text ?? '', first?.values ?? []);
      return saved.query.apply(client, args);
    };
    try {
      ok(await k.call('a', { method: 'PUT', url: '/api/kanban/status-negociacao', payload: { cli_crm_id: id, idFunil: 2 } }));
    } finally {
      session.logger = saved.logger;
      session.options.logger = saved.options;
      client.query = saved.query;
    }
    await k.t.app.leadEvents.drain();
    await vi.waitFor(() => expect(got).toEqual([`company-${k.t.fixture.companyA}-pipeline`]));
    socket.close();
    expect(reads.length, reads.join('\n')).toBe(1);
    expect(got).toEqual([`company-${k.t.fixture.companyA}-pipeline`]);
    expect((await eventsOf(id)).map((e) => e.tipo)).toEqual(['status']);
    expect((await db().select({ n: count() }).from(historico).where(eq(historico.cliCrmId, id)))[0]!.n).toBe(1);
  });
});

describe('order without a lock (issue 22 §2, docs/decisions.md "Lead events: order without a lock")', () => {
  // Two transactions side by side need two connections: PostgreSQL only (PGlite has one).
  it.runIf(process.env.DATABASE_URL)(
    'an id committed while a smaller one is still uncommitted is not passed: the consumer gets both, in id order, ' +
      'once the smaller commits',
    async () => {
      const a = await k.lead({});
      const b = await k.lead({});
      const seen: number[] = [];
      const runner = new LeadEventRunner(k.t.database, { pollMs: 0, pruneEveryMs: 0 });
      runner.add({
        name: 'teste-ordem',
        from: 'now',
        handle: async (events) => void seen.push(...events.map((e) => e.cliCrmId)),
      });
      await runner.start();
      const eventOf = (id: number) =>
        createdEvent({ cliCrmId: id, idEmpresa: k.t.fixture.companyA, idUnidade: k.unitId('A1'), idUsuario: null }, null, {
          origem: 'manual',
          descricao: 'x',
        });
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let appended!: () => void;
      const first = new Promise<void>((r) => (appended = r));
      try {
        // A takes the smaller id and stays open; B takes the next one and commits.
        const slow = db().transaction(async (tx) => {
          await appendLeadEvents(tx, [eventOf(a)]);
          appended();
          await held;
        });
        await first;
        await db().transaction(async (tx) => appendLeadEvents(tx, [eventOf(b)]));
        const idb = (await eventsOf(b)).at(-1)!.id;
        // B's event is committed and visible; the runner looks (again and again) while A is open.
        for (let i = 0; i < 20; i++) {
          runner.kick();
          await new Promise((r) => setTimeout(r, 10));
        }
        expect(seen).toEqual([]);
        release();
        await slow;
        await runner.drain();
        expect(seen).toEqual([a, b]);
        expect((await eventsOf(a)).at(-1)!.id).toBeLessThan(idb);
      } finally {
        release();
        await runner.stop();
      }
    },
  );
  it.runIf(process.env.DATABASE_URL)(
    'a long transaction that appends no event (here on another connection, as another database of the server) holds nothing back',
    async () => {
      const a = await k.lead({});
      const seen: number[] = [];
      const runner = new LeadEventRunner(k.t.database, { pollMs: 0, pruneEveryMs: 0 });
      runner.add({
        name: 'teste-alheia',
        from: 'now',
        handle: async (events) => void seen.push(...events.map((e) => e.cliCrmId)),
      });
      await runner.start();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let begun!: () => void;
      const open = new Promise<void>((r) => (begun = r));
      try {
        // An unrelated writing transaction (it has its xid) stays open the whole time.
        const unrelated = db().transaction(async (tx) => {
          await tx.execute(sql`select pg_current_xact_id()`);
          begun();
          await held;
        });
        await open;
        await db().transaction(async (tx) =>
          appendLeadEvents(tx, [
            createdEvent({ cliCrmId: a, idEmpresa: k.t.fixture.companyA, idUnidade: k.unitId('A1'), idUsuario: null }, null, {
              origem: 'manual',
              descricao: 'x',
            }),
          ]),
        );
        await runner.drain();
        expect(seen).toEqual([a]);
        release();
        await unrelated;
      } finally {
        release();
        await runner.stop();
      }
    },
  );
});

describe('another database of the same server (issue 22 §2)', () => {
  // pg_locks lists the whole server, and databases copied from one template (the tests', a tenant's
  // restored copy) share the OID of lead_eventos: an append left open there must not hold this one back.
  it.runIf(process.env.DATABASE_URL && process.env[PG_TEMPLATE_ENV])(
    "an open append in a copy of the same template holds this database's delivery back in nothing",
    async () => {
      const adminUrl = process.env.DATABASE_URL!;
      const name = testDatabaseName('db');
      const other = await openDatabase({ url: await createPgDatabase(adminUrl, name) });
      const oid = sql`select 'lead_eventos'::regclass::oid::int as oid`;
      const [[mine], [theirs]] = await Promise.all([
        executeRows<{ oid: number }>(db(), oid),
        executeRows<{ oid: number }>(other.db, oid),
      ]);
      expect(theirs!.oid).toBe(mine!.oid);
      const a = await k.lead({});
      const seen: number[] = [];
      const runner = new LeadEventRunner(k.t.database, { pollMs: 0, pruneEveryMs: 0 });
      runner.add({
        name: 'teste-outro-banco',
        from: 'now',
        handle: async (events) => void seen.push(...events.map((e) => e.cliCrmId)),
      });
      await runner.start();
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let begun!: () => void;
      const open = new Promise<void>((r) => (begun = r));
      try {
        // The other database's writer holds the lock an append holds (RowExclusiveLock on lead_eventos) and stays open.
        const elsewhere = other.db.transaction(async (tx) => {
          await tx.execute(sql`lock table lead_eventos in row exclusive mode`);
          begun();
          await held;
        });
        await open;
        await db().transaction(async (tx) =>
          appendLeadEvents(tx, [
            createdEvent({ cliCrmId: a, idEmpresa: k.t.fixture.companyA, idUnidade: k.unitId('A1'), idUsuario: null }, null, {
              origem: 'manual',
              descricao: 'x',
            }),
          ]),
        );
        await runner.drain();
        expect(seen).toEqual([a]);
        release();
        await elsewhere;
      } finally {
        release();
        await runner.stop();
        await other.close();
        await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    },
  );
});

describe('retention (docs/lead-events.md "Retention")', () => {
  it('deletes old events every consumer has passed, in batches; keeps those a consumer behind has not passed and recent ones', async () => {
    await k.t.app.leadEvents.drain();
    const id = await k.lead({});
    for (let i = 0; i < 4; i++)
      ok(
        await k.call('a', {
          method: 'POST',
          url: `/api/negociacao/adicionaritem/${id}`,
          payload: { tipo: 2, texto: `nota ${i}` },
        }),
      );
    const recent = await k.lead({});
    ok(
      await k.call('a', {
        method: 'POST',
        url: `/api/negociacao/adicionaritem/${recent}`,
        payload: { tipo: 2, texto: 'recente' },
      }),
    );
    await k.t.app.leadEvents.drain();
    const mine = await eventsOf(id);
    expect(mine.length).toBeGreaterThanOrEqual(4);
    const [last] = await eventsOf(recent);
    // The first lead's events (its notes) are 40 days old; the other lead's are new.
    await db()
      .update(leadEventos)
      .set({ em: sql`now() - interval '40 days'` })
      .where(eq(leadEventos.cliCrmId, id));
    // Every consumer has passed everything but one behind, which has not passed the last two.
    await db().update(leadEventosConsumidores).set({ ultimoId: last!.id });
    await db()
      .insert(leadEventosConsumidores)
      .values({ consumidor: 'teste-atrasado', ultimoId: mine.at(-3)!.id });
    const cutoff = new Date(Date.now() - LEAD_EVENTS_RETENTION_DAYS * 24 * 60 * 60 * 1000);
    try {
      // Batches of two: a full one, then the rest in more, then nothing (the consumer behind has not passed the last two).
      expect(await pruneLeadEvents(db(), cutoff, 2)).toBe(2);
      let gone = 2;
      for (let n = await pruneLeadEvents(db(), cutoff, 2); n > 0; n = await pruneLeadEvents(db(), cutoff, 2)) gone += n;
      expect(gone).toBe(mine.length - 2);
      expect((await eventsOf(id)).map((e) => e.id)).toEqual([mine.at(-2)!.id, mine.at(-1)!.id]);
      // Passed but recent: kept.
      expect((await eventsOf(recent)).length).toBe(1);
      // The consumer catches up: the rest of the old ones go.
      await db()
        .update(leadEventosConsumidores)
        .set({ ultimoId: last!.id })
        .where(eq(leadEventosConsumidores.consumidor, 'teste-atrasado'));
      while ((await pruneLeadEvents(db(), cutoff)) > 0);
      expect(await eventsOf(id)).toEqual([]);
      expect((await eventsOf(recent)).length).toBe(1);
    } finally {
      await db().delete(leadEventosConsumidores).where(eq(leadEventosConsumidores.consumidor, 'teste-atrasado'));
    }
  });
});
