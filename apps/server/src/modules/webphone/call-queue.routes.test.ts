// issue 12, the call queue on the server (002 §4, §8, §9): POST webphone/fila gives the unit's next
// leads by regra_fila_1/2/3, attempt limits (total, daily, per-lead overrides) and
// cli_data_proxima_tentativa, due scheduled calls first, each with a lease so two attendants never
// get the same lead at once; the hang-up (proximaligacao) and webphone/fila/liberar release it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { createUser } from '../../demo/builders.ts';
import { TEST_PASSWORD } from '../../testing/test-app.ts';
import { createLeadsKit, type Kit } from '../leads/leads-test-kit.ts';
import { leads } from '../leads/leads.table.ts';
import { unidadeConfiguracoes } from '../tenancy/tenancy.table.ts';

let k: Kit;
let u2: string;
beforeAll(async () => {
  k = await createLeadsKit();
  const f = k.t.fixture;
  await createUser(k.t.database.db, {
    idEmpresa: f.companyA,
    idUnidade: f.unitA1,
    nome: 'Segunda Atendente',
    email: 'u2@teste.com.br',
    senha: TEST_PASSWORD,
    permissao: 'u',
    idRamal: 202,
  });
  u2 = await k.t.login('u2@teste.com.br');
});
afterAll(async () => {
  await k.t.close();
});
beforeEach(async () => {
  // Each test starts with no live lead in A1.
  await k.t.database.db
    .update(leads)
    .set({ desativado: 1 })
    .where(eq(leads.idUnidade, k.unitId('A1')));
  await k.t.database.db
    .update(unidadeConfiguracoes)
    .set({
      regraFila1: '1,7',
      regraFila2: '2',
      regraFila3: '5,3',
      ligacaoLimiteTentativas: 6,
      ligacaoLimiteTentativasDiarias: 3,
      ligacaoIntervaloNaoAtendida: 60,
      ligacaoIntervaloOcupado: 15,
      horarioLigacao: null,
      feriados: [],
    })
    .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
});

const fila = async (who: 'u' | 'u2' | 'a' | 'sa' | 'uA2' = 'u', body: object = { quantidade: 10 }) => {
  const res =
    who === 'u2'
      ? await k.t.as(u2, { method: 'POST', url: '/api/webphone/fila', payload: body })
      : await k.call(who, { method: 'POST', url: '/api/webphone/fila', payload: body });
  return res;
};
const ids = async (who: 'u' | 'u2' = 'u', body: object = { quantidade: 10 }) => {
  const res = await fila(who, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { cli_crm_id: number }[]).map((l) => l.cli_crm_id);
};
const release = () => k.t.database.db.update(leads).set({ filaReservadoPor: null, filaReservadoAte: null });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('POST webphone/fila: which leads, in which order (002 §9 queue rules)', () => {
  it("rule 1 ('1,7') before rule 2 ('2') before rule 3 ('5,3'); other statuses never; newest first within a rule", async () => {
    const old1 = await k.lead({ cliNome: 'Novo antigo', cliStatusNegociacao: 1, cliDataCaptacao: ago(600) });
    const new1 = await k.lead({ cliNome: 'Novo recente', cliStatusNegociacao: 1, cliDataCaptacao: ago(5) });
    const s7 = await k.lead({ cliStatusNegociacao: 7, cliDataCaptacao: ago(60) });
    const s2 = await k.lead({ cliStatusNegociacao: 2 });
    const s3 = await k.lead({ cliStatusNegociacao: 3 });
    await k.lead({ cliStatusNegociacao: 4 });
    await k.lead({ cliStatusNegociacao: 1, unit: 'A2' });
    expect(await ids()).toEqual([new1, s7, old1, s2, s3]);
  });

  it('a unit rule changed in settings changes the queue', async () => {
    await k.t.database.db
      .update(unidadeConfiguracoes)
      .set({ regraFila1: '4', regraFila2: '', regraFila3: '' })
      .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
    const s4 = await k.lead({ cliStatusNegociacao: 4 });
    await k.lead({ cliStatusNegociacao: 1 });
    expect(await ids()).toEqual([s4]);
  });

  it('due scheduled calls (cli_contato_agendado) come first, even when answered; future ones wait', async () => {
    const plain = await k.lead({ cliStatusNegociacao: 1 });
    const due = await k.lead({ cliStatusNegociacao: 4, cliContatoStatus: 3, cliContatoAgendado: ago(10) });
    await k.lead({
      cliStatusNegociacao: 1,
      cliContatoAgendado: new Date(Date.now() + 3_600_000),
      cliDataProximaTentativa: new Date(Date.now() + 3_600_000),
    });
    expect(await ids()).toEqual([due, plain]);
  });

  it('cli_data_proxima_tentativa in the future, answered leads and exhausted attempts are left out', async () => {
    const ok = await k.lead({ cliStatusNegociacao: 1, cliTentativas: 5, cliDataProximaTentativa: ago(1) });
    await k.lead({ cliStatusNegociacao: 1, cliDataProximaTentativa: new Date(Date.now() + 60_000) });
    await k.lead({ cliStatusNegociacao: 1, cliContatoStatus: 3 });
    await k.lead({ cliStatusNegociacao: 1, cliTentativas: 6 });
    // Three attempts today already (daily limit 3); yesterday's three do not count today.
    await k.lead({ cliStatusNegociacao: 1, cliTentativas: 3, cliTentativasDiarias: 3, cliDataAtendimento: ago(1) });
    const yesterday = await k.lead({
      cliStatusNegociacao: 1,
      cliTentativas: 3,
      cliTentativasDiarias: 3,
      cliDataAtendimento: ago(26 * 60),
      cliDataCaptacao: ago(2000),
    });
    expect(await ids()).toEqual([ok, yesterday]);
  });

  it('002 §3 per-lead limits override the unit’s', async () => {
    const more = await k.lead({ cliStatusNegociacao: 1, cliTentativas: 7, ligacaoLimiteTentativas: 10 });
    await k.lead({ cliStatusNegociacao: 1, cliTentativas: 2, ligacaoLimiteTentativas: 2 });
    await k.lead({
      cliStatusNegociacao: 1,
      cliTentativas: 1,
      cliTentativasDiarias: 1,
      cliDataAtendimento: ago(1),
      ligacaoLimiteTentativasDiarias: 1,
    });
    expect(await ids()).toEqual([more]);
  });

  it("an attendant without acesso_atribuidos gets no other attendant's leads", async () => {
    const mine = await k.lead({ cliStatusNegociacao: 1, idUsuario: k.t.fixture.users.u.id });
    const free = await k.lead({ cliStatusNegociacao: 1, cliDataCaptacao: ago(100) });
    await k.lead({ cliStatusNegociacao: 1, idUsuario: k.t.fixture.users.a.id });
    expect(await ids()).toEqual([mine, free]);
  });

  it('takes quantidade leads and leaves out the excluded ids', async () => {
    const a = await k.lead({ cliStatusNegociacao: 1, cliDataCaptacao: ago(1) });
    const b = await k.lead({ cliStatusNegociacao: 1, cliDataCaptacao: ago(2) });
    const c = await k.lead({ cliStatusNegociacao: 1, cliDataCaptacao: ago(3) });
    expect(await ids('u', { quantidade: 2, excluir: [a] })).toEqual([b, c]);
  });
});

describe('the lease: two attendants never get the same lead at once', () => {
  it('two concurrent requests split the leads; a held lead is not given to the other attendant', async () => {
    const all = [];
    for (let i = 0; i < 6; i++) all.push(await k.lead({ cliStatusNegociacao: 1, cliDataCaptacao: ago(i) }));
    const [x, y] = await Promise.all([ids('u', { quantidade: 3 }), ids('u2', { quantidade: 3 })]);
    expect(x).toHaveLength(3);
    expect(y).toHaveLength(3);
    expect(new Set([...x, ...y]).size).toBe(6);
    // Both hold theirs: nothing left for anyone else, the holder gets its own back.
    expect(await ids('u2')).toEqual(y);
    const row = await k.leadRow(x[0]!);
    expect(row.filaReservadoPor).toBe(k.t.fixture.users.u.id);
    expect(row.filaReservadoAte!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('an expired lease frees the lead', async () => {
    const id = await k.lead({ cliStatusNegociacao: 1 });
    expect(await ids('u')).toEqual([id]);
    expect(await ids('u2')).toEqual([]);
    await k.t.database.db
      .update(leads)
      .set({ filaReservadoAte: ago(1) })
      .where(eq(leads.cliCrmId, id));
    expect(await ids('u2')).toEqual([id]);
  });

  it('the hang-up (proximaligacao) releases it, and the next attempt time keeps it out until due', async () => {
    const id = await k.lead({ cliStatusNegociacao: 1 });
    expect(await ids('u')).toEqual([id]);
    expect(
      (await k.call('u', { method: 'POST', url: `/api/contato/chamadaid/${id}`, payload: { chamada_id: 'c1' } })).statusCode,
    ).toBe(200);
    // During the call the lease is extended to the call's hour.
    expect((await k.leadRow(id)).filaReservadoAte!.getTime()).toBeGreaterThan(Date.now() + 55 * 60_000);
    const end = await k.call('u', {
      method: 'POST',
      url: `/api/contato/proximaligacao/${id}`,
      payload: {
        chamada_id: 'c1',
        duracao: 20,
        duracao_falada: 0,
        status_chamada: 'Ocupado',
        motivo_desconexao: '486 Busy Here',
      },
    });
    expect(end.statusCode, end.body).toBe(200);
    const row = await k.leadRow(id);
    expect(row).toMatchObject({ filaReservadoPor: null, filaReservadoAte: null, cliContatoStatus: 2, cliTentativas: 1 });
    // A busy line is due again after ligacao_intervalo_ocupado (15 min by default), not the no-answer hour.
    expect(row.cliDataProximaTentativa!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(row.cliDataProximaTentativa!.getTime()).toBeLessThan(Date.now() + 16 * 60_000);
    expect(await ids('u2')).toEqual([]);
    await k.t.database.db
      .update(leads)
      .set({ cliDataProximaTentativa: ago(1) })
      .where(eq(leads.cliCrmId, id));
    expect(await ids('u2')).toEqual([id]);
  });

  it('chamadaid on a lead another attendant holds is refused (409), changing nothing', async () => {
    const id = await k.lead({ cliStatusNegociacao: 1 });
    expect(await ids('u2')).toEqual([id]);
    const res = await k.call('u', { method: 'POST', url: `/api/contato/chamadaid/${id}`, payload: { chamada_id: 'c2' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este contato já está em ligação com outro atendente.');
    expect((await k.leadRow(id)).cliTentativas).toBe(0);
  });

  it('webphone/fila/liberar gives the lead back; only the holder releases', async () => {
    const id = await k.lead({ cliStatusNegociacao: 1 });
    expect(await ids('u')).toEqual([id]);
    const other = await k.t.as(u2, { method: 'POST', url: `/api/webphone/fila/liberar/${id}` });
    expect(other.json()).toMatchObject({ data: { liberado: false } });
    const mine = await k.call('u', { method: 'POST', url: `/api/webphone/fila/liberar/${id}` });
    expect(mine.json()).toEqual({ message: 'Contato liberado.', data: { liberado: true } });
    expect(await ids('u2')).toEqual([id]);
  });

  it('a due scheduled call is cleared once it is made', async () => {
    const id = await k.lead({ cliStatusNegociacao: 4, cliContatoAgendado: ago(5) });
    expect(await ids('u')).toEqual([id]);
    await k.call('u', { method: 'POST', url: `/api/contato/chamadaid/${id}`, payload: { chamada_id: 'c3' } });
    expect((await k.leadRow(id)).cliContatoAgendado).toBeNull();
  });
});

describe('issue 12: busy and no answer retried on their own delays (unit settings)', () => {
  it('ligacao_intervalo_ocupado for a busy line, ligacao_intervalo_nao_atendida for one nobody answered', async () => {
    await k.t.database.db
      .update(unidadeConfiguracoes)
      .set({ ligacaoIntervaloOcupado: 10, ligacaoIntervaloNaoAtendida: 240 })
      .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
    const busy = await k.lead({ cliStatusNegociacao: 1 });
    const silent = await k.lead({ cliStatusNegociacao: 1 });
    const minutesUntilNext = async (id: number, status: string) => {
      await k.call('u', { method: 'POST', url: `/api/contato/chamadaid/${id}`, payload: { chamada_id: `r${id}` } });
      const res = await k.call('u', {
        method: 'POST',
        url: `/api/contato/proximaligacao/${id}`,
        payload: { chamada_id: `r${id}`, duracao: 30, duracao_falada: 0, status_chamada: status },
      });
      expect(res.statusCode, res.body).toBe(200);
      return Math.round(((await k.leadRow(id)).cliDataProximaTentativa!.getTime() - Date.now()) / 60_000);
    };
    expect(await minutesUntilNext(busy, 'Ocupado')).toBe(10);
    expect(await minutesUntilNext(silent, 'Não atendida')).toBe(240);
  });
});

describe('issue 12: call hours and holidays of the unit (São Paulo time)', () => {
  const spToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const allDay = Array.from({ length: 7 }, () => ({ inicio: '00:00', fim: '23:59' }));
  const horario = async () => {
    const res = await k.call('u', { method: 'GET', url: '/api/webphone/horario' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { aberto: boolean; ate: string | null; motivo: string | null };
  };

  it('without hours set the queue dials at any time', async () => {
    const id = await k.lead({ cliStatusNegociacao: 1 });
    expect(await horario()).toEqual({ aberto: true, ate: null, motivo: null });
    expect(await ids()).toEqual([id]);
  });

  it('on a holiday nobody is handed out, and webphone/horario says until when', async () => {
    await k.t.database.db
      .update(unidadeConfiguracoes)
      .set({ horarioLigacao: allDay, feriados: [spToday()] })
      .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
    const id = await k.lead({ cliStatusNegociacao: 1 });
    expect(await ids()).toEqual([]);
    const h = await horario();
    expect(h).toMatchObject({ aberto: false, motivo: 'feriado' });
    // Tomorrow 00:00 in São Paulo (03:00 UTC).
    expect(new Date(h.ate!).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(h.ate!).getTime()).toBeLessThanOrEqual(Date.now() + 86_400_000);
    expect(h.ate).toMatch(/T03:00:00\.000Z$/);
    // The lead was not leased: within the hours it comes.
    await k.t.database.db
      .update(unidadeConfiguracoes)
      .set({ feriados: [] })
      .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
    expect(await ids()).toEqual([id]);
  });

  it('a week with no window at all dials nobody and has no opening', async () => {
    await k.t.database.db
      .update(unidadeConfiguracoes)
      .set({ horarioLigacao: Array.from({ length: 7 }, () => null) })
      .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));
    await k.lead({ cliStatusNegociacao: 1 });
    expect(await ids()).toEqual([]);
    expect(await horario()).toEqual({ aberto: false, ate: null, motivo: 'fora_do_horario' });
  });

  it('000 §6: webphone/horario follows the softphone (admins 403; ag opens /webphone for its unit dropdown only, 403)', async () => {
    for (const who of ['a', 'ag'] as const)
      expect((await k.call(who, { method: 'GET', url: '/api/webphone/horario' })).statusCode).toBe(403);
  });
});

describe('POST webphone/fila: access and input', () => {
  it(
    '000 §6: admins cannot (ag neither: no phone, no queue, docs/decisions.md "ag on /webphone"); bad ' +
      'input answers 400 in Portuguese',
    async () => {
      expect((await fila('a')).statusCode).toBe(403);
      expect((await k.call('ag', { method: 'POST', url: '/api/webphone/fila', payload: { quantidade: 1 } })).statusCode).toBe(
        403,
      );
      expect((await k.call('ag', { method: 'POST', url: '/api/webphone/fila/liberar/1' })).statusCode).toBe(403);
      const bad = await fila('u', { quantidade: 50 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Peça no máximo 10 contatos.');
      expect((await fila('u', { excluir: ['x'] })).statusCode).toBe(400);
    },
  );
  it('another unit’s leads never come', async () => {
    await k.lead({ cliStatusNegociacao: 1, unit: 'A2' });
    await release();
    expect(await ids('u')).toEqual([]);
    await k.t.database.db.execute(sql`select 1`);
  });
});
