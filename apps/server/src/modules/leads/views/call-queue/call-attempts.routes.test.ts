// 000 §7 POST contato/chamadaid/{id} and contato/proximaligacao/{id}: the call queue's start and end
// of a call move the lead's counters, attendance status and next attempt by the unit's settings
// (002 §8, §9), each with its history event by the session user; bad input and other units change
// nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { unidadeConfiguracoes } from '../../../tenancy/tenancy.table.ts';
import { createLeadsKit, type Kit } from '../../leads-test-kit.ts';

let k: Kit;
beforeAll(async () => {
  k = await createLeadsKit();
});
afterAll(async () => {
  await k.t.close();
});

const start = (id: number, body: object, who: Parameters<Kit['call']>[0] = 'u') =>
  k.call(who, { method: 'POST', url: `/api/contato/chamadaid/${id}`, payload: body });
const end = (id: number, body: object, who: Parameters<Kit['call']>[0] = 'u') =>
  k.call(who, { method: 'POST', url: `/api/contato/proximaligacao/${id}`, payload: body });
const settings = (values: Partial<typeof unidadeConfiguracoes.$inferInsert>) =>
  k.t.database.db
    .update(unidadeConfiguracoes)
    .set(values)
    .where(eq(unidadeConfiguracoes.idUnidade, k.unitId('A1')));

describe('POST contato/chamadaid/{id} (a call starts)', () => {
  it("counts the attempt in all and today, sets the attendance date and writes an 'Atendimento' event", async () => {
    const id = await k.lead({ cliNome: 'Liga Pra Mim' });
    const before = Date.now();
    const res = await start(id, { chamada_id: 'abc-123' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Ligação registrada com sucesso.',
      data: { cli_tentativas: 1, cli_tentativas_diarias: 1 },
    });
    const row = await k.leadRow(id);
    expect(row.cliDataAtendimento!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await k.history(id)).at(-1)).toMatchObject({
      tipo: 12,
      atendente: k.t.fixture.users.u.id,
      descricao: 'Chamada abc-123',
      tentativas: 1,
      texto: 'Ligação iniciada: tentativa 1 de 6 (1 de 3 hoje)',
    });
    // form data, as the queue posts it
    const boundary = '----funil';
    const form = [`--${boundary}`, 'Content-Disposition: form-data; name="chamada_id"', '', '778', `--${boundary}--`, ''].join(
      '\r\n',
    );
    const again = await k.call('u', {
      method: 'POST',
      url: `/api/contato/chamadaid/${id}`,
      payload: form,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(again.json().data).toMatchObject({ cli_tentativas: 2, cli_tentativas_diarias: 2 });
  });

  it('refuses a missing call id, another unit and another company, changing nothing', async () => {
    const id = await k.lead({ cliNome: 'Sem Id' });
    const bad = await start(id, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^[A-ZÀ-Ú]/);
    expect((await start(id, { chamada_id: 'x'.repeat(101) })).json().message).toBe('Id da chamada muito longo.');
    expect((await start(id, { chamada_id: '1' }, 'uA2')).statusCode).toBe(404);
    expect((await start(id, { chamada_id: '1' }, 'uB1')).statusCode).toBe(404);
    expect((await end(id, {}, 'aB1')).statusCode).toBe(404);
    expect(await k.leadRow(id)).toMatchObject({ cliTentativas: 0, cliTentativasDiarias: 0, cliDataAtendimento: null });
    expect(await k.history(id)).toEqual([]);
  });
});

describe('POST contato/proximaligacao/{id} (the call ended)', () => {
  it('002 §9: a talk time of at least valor_minimo_segundos_chamada_atendida is answered: Atendido, no next attempt', async () => {
    const id = await k.lead({ cliNome: 'Atendeu' });
    await start(id, { chamada_id: '9' });
    const res = await end(id, {
      chamada_id: '9',
      duracao: 95,
      duracao_falada: 80,
      url_gravacao: 'https://gravacoes.exemplo.com/9.mp3',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Resultado da ligação registrado com sucesso.',
      data: { cli_contato_status: 3, cli_data_proxima_tentativa: null },
    });
    expect((await k.history(id)).at(-1)).toMatchObject({
      tipo: 3,
      duracao: 95,
      duracaoFalada: 80,
      tentativas: 1,
      statusChamada: 'Atendida',
      urlGravacao: 'https://gravacoes.exemplo.com/9.mp3',
    });
  });

  it('a short call is Não Atendido and due again after ligacao_intervalo_nao_atendida minutes', async () => {
    await settings({ ligacaoIntervaloNaoAtendida: 45 });
    const id = await k.lead({ cliNome: 'Não Atendeu' });
    await start(id, { chamada_id: '10' });
    const before = Date.now();
    const res = await end(id, { duracao: 30, duracao_falada: 5, motivo_desconexao: 'NO_ANSWER' });
    expect(res.json().data).toMatchObject({ cli_contato_status: 2 });
    const next = new Date(res.json().data.cli_data_proxima_tentativa as string).getTime();
    expect(next - before).toBeGreaterThanOrEqual(45 * 60_000 - 1000);
    expect(next - before).toBeLessThan(46 * 60_000);
    expect((await k.history(id)).at(-1)).toMatchObject({ tipo: 4, statusChamada: 'Não atendida', motivoDesconexao: 'NO_ANSWER' });
    await settings({ ligacaoIntervaloNaoAtendida: 60 });
  });

  it(
    "issue 21 item 13, 002 §9: a 14-second pick-up is 'Não Atendido' and its event says why, with the " +
      "unit's minimum; outcomes are stored in pt-BR",
    async () => {
      const id = await k.lead({ cliNome: 'Atendeu Rápido' });
      await start(id, { chamada_id: '14s' });
      const res = await end(id, {
        chamada_id: '14s',
        duracao: 30,
        duracao_falada: 14,
        status_chamada: 'Atendida',
        motivo_desconexao: 'Desligada pelo contato',
      });
      expect(res.json().data).toMatchObject({ cli_contato_status: 2 });
      expect((await k.history(id)).at(-1)).toMatchObject({
        tipo: 4,
        duracaoFalada: 14,
        statusChamada: 'Atendida (menos de 20 s: conta como não atendida)',
      });
      await settings({ valorMinimoSegundosChamadaAtendida: 10 });
      await start(id, { chamada_id: '14s-b' });
      await end(id, { chamada_id: '14s-b', duracao: 30, duracao_falada: 14, status_chamada: 'Atendida' });
      expect((await k.history(id)).at(-1)).toMatchObject({ tipo: 3, statusChamada: 'Atendida' });
      await settings({ valorMinimoSegundosChamadaAtendida: 20 });
      // Another dialer's English words are kept in the words a user reads.
      await start(id, { chamada_id: '14s-c' });
      await end(id, { chamada_id: '14s-c', duracao: 30, duracao_falada: 0, status_chamada: 'BUSY' });
      expect((await k.history(id)).at(-1)).toMatchObject({ tipo: 4, statusChamada: 'Ocupado' });
    },
  );

  it(
    "002 §8: with every attempt used the lead becomes 'Não Atendido' (3), or 'Whatsapp' (9) with " +
      'WhatsApp messaging on, each with a status event',
    async () => {
      await settings({ ligacaoLimiteTentativas: 2 });
      const a = await k.lead({ cliNome: 'Esgotado', cliStatusNegociacao: 1 });
      for (let i = 0; i < 2; i += 1) {
        await start(a, { chamada_id: String(i) });
        await end(a, { duracao_falada: 0 });
      }
      expect(await k.leadRow(a)).toMatchObject({
        cliTentativas: 2,
        cliStatusNegociacao: 3,
        cliDataProximaTentativa: null,
        cliContatoStatus: 2,
      });
      expect((await k.history(a)).map((h) => h.tipo)).toEqual([12, 4, 12, 4, 5]);
      expect((await k.history(a)).at(-1)).toMatchObject({ idAntigo: 1, idNovo: 3, texto: 'Tentativas de ligação esgotadas' });

      await settings({ habilitaMensagemWhatsapp: true });
      const b = await k.lead({ cliNome: 'Vai Pro Zap', cliStatusNegociacao: 1, cliTentativas: 1, cliTentativasDiarias: 1 });
      await start(b, { chamada_id: 'z' });
      expect((await end(b, {})).json().data.cli_status_negociacao).toBe(9);
      await settings({ ligacaoLimiteTentativas: 6, habilitaMensagemWhatsapp: false });
    },
  );

  it('refuses a negative or non-numeric duration and a bad recording URL, changing nothing', async () => {
    const id = await k.lead({ cliNome: 'Dados Ruins' });
    const cases: [object, string][] = [
      [{ duracao_falada: -1 }, 'A duração não pode ser negativa.'],
      [{ duracao: 'muito' }, 'Informe a duração em segundos.'],
      [{ url_gravacao: 'não é url' }, 'URL da gravação inválida.'],
    ];
    for (const [body, message] of cases) {
      const res = await end(id, body);
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect(await k.leadRow(id)).toMatchObject({ cliContatoStatus: 1, cliDataProximaTentativa: null });
    expect(await k.history(id)).toEqual([]);
  });
});
