import { describe, expect, it } from 'vitest';

import {
  DEFAULT_WARM_UP,
  MASS_SEND_STATUS_LABELS,
  massSendActions,
  massSendPayloadSchema,
  massSendRecipientLabel,
  massSendSettingsBodySchema,
  massSendSettingsOf,
  massSendSettingsProblems,
  normalizeInterval,
  normalizeMassSendPayload,
} from './mass-send-api.ts';
import { dailyCap, nextAllowedTime, projectedFinish, randomWaitMs, renderForLead, typingDelayMs } from './pacing.ts';

const parse = (body: unknown) => normalizeMassSendPayload(massSendPayloadSchema.parse(body), 'Disparo');

describe('mass-send statuses (002 §4 "Mass-send campaign status")', () => {
  it('labels the campaign and recipient statuses as the spec does', () => {
    expect(MASS_SEND_STATUS_LABELS).toEqual({ EM_ANDAMENTO: 'Em Andamento', PAUSADO: 'Pausado', FINALIZADO: 'Finalizado' });
    expect(['SENT', 'PENDING', 'ERROR', 'NOT_SENT', 'X', null].map(massSendRecipientLabel)).toEqual([
      'Enviado',
      'Pendente',
      'Erro',
      'Não Enviado',
      'Não Enviado',
      'Não Enviado',
    ]);
  });
  it('002 §4: Pausar only for in progress, Continuar only for paused, Finalizar for either', () => {
    expect(massSendActions('EM_ANDAMENTO')).toEqual({ pausar: true, continuar: false, finalizar: true });
    expect(massSendActions('PAUSADO')).toEqual({ pausar: false, continuar: true, finalizar: true });
    expect(massSendActions('FINALIZADO')).toEqual({ pausar: false, continuar: false, finalizar: false });
  });
});

describe('settings (002 §9, issue 13 caps)', () => {
  it('defaults: 500 leads, 10–50 s, warm-up, 08:00–20:00, no Sundays', () => {
    const s = massSendSettingsOf(undefined);
    expect(s).toMatchObject({
      quantidade_max_leads: 500,
      tempo_minimo: 10,
      tempo_maximo: 50,
      horario_inicio: '08:00',
      horario_fim: '20:00',
      dias_semana: [1, 2, 3, 4, 5, 6],
    });
    expect(s.aquecimento).toEqual(DEFAULT_WARM_UP);
  });
  it('keeps configured values and repairs broken ones', () => {
    const s = massSendSettingsOf({ quantidade_max_leads: 100, tempo_minimo: 15, tempo_maximo: 40, horario_inicio: '25:00' });
    expect(s).toMatchObject({ quantidade_max_leads: 100, tempo_minimo: 15, tempo_maximo: 40, horario_inicio: '08:00' });
    expect(massSendSettingsOf({ tempo_minimo: 60, tempo_maximo: 20 })).toMatchObject({ tempo_minimo: 10, tempo_maximo: 50 });
  });
  it('002 §9: the interval sent is 10 when outside 10–60', () => {
    expect([9, 10, 35, 60, 61, '30', 'x', null].map(normalizeInterval)).toEqual([10, 10, 35, 60, 10, 30, 10, 10]);
  });
});

describe("settings an administrator saves (issue 13 'configurable per unit')", () => {
  const defaults = massSendSettingsOf({});
  it('accepts the defaults as they are, and days in any order, once each', () => {
    expect(massSendSettingsBodySchema.parse(defaults)).toEqual(defaults);
    expect(massSendSettingsBodySchema.parse({ ...defaults, dias_semana: [5, 1, 5, 3] }).dias_semana).toEqual([1, 3, 5]);
    expect(massSendSettingsProblems(defaults)).toEqual({});
  });
  it('names each bad field with its reason in Portuguese, where massSendSettingsOf would repair it silently', () => {
    expect(massSendSettingsProblems({ ...defaults, tempo_minimo: 5, quantidade_max_leads: Number.NaN })).toEqual({
      tempo_minimo: 'O valor deve ser no mínimo 10',
      quantidade_max_leads: 'Informe um número inteiro.',
    });
    expect(
      massSendSettingsProblems({
        ...defaults,
        aquecimento: [
          { dias: 0, limite: 20 },
          { dias: 9, limite: 30 },
          { dias: 9, limite: 40 },
        ],
      }),
    ).toEqual({
      aquecimento: 'Os dias do aquecimento devem ser crescentes e sem repetição.',
    });
    expect(massSendSettingsProblems({ ...defaults, horario_inicio: '20:00', horario_fim: '08:00' })).toEqual({
      horario_fim: 'O horário final deve ser depois do inicial.',
    });
    expect(massSendSettingsOf({ ...defaults, tempo_minimo: 0 }).tempo_minimo).toBe(10);
    expect(massSendSettingsProblems({ ...defaults, tempo_minimo: 0 })).toEqual({ tempo_minimo: 'O valor deve ser no mínimo 10' });
  });
});

describe('payload variants (002 §3 "Mass-send payload")', () => {
  it('the composer payload: mensagens for all, variants, instance, status', () => {
    const n = parse({
      nomeDisparo: ' Black Friday ',
      intervaloMensagem: 30,
      leads: [{ cli_crm_id: 1 }, { cli_crm_id: '2' }, { cli_crm_id: 1 }],
      mensagens: ['Oi {{nome_do_cliente}}', ' ', 'Olá'],
      idStatusNovo: 4,
      evolutionInstanceName: 'vendas',
    });
    expect(n).toEqual({
      nome: 'Black Friday',
      intervaloMensagem: 30,
      mensagens: ['Oi {{nome_do_cliente}}', 'Olá'],
      leads: [
        { cliCrmId: 1, mensagem: null },
        { cliCrmId: 2, mensagem: null },
      ],
      idStatusNovo: 4,
      instanceName: 'vendas',
    });
  });
  it('the older gateway variant: per-lead mensagens, mudarStatus, quantidadeClientes', () => {
    const n = parse({
      idEmpresa: 1,
      idUnidade: 1,
      tokenWhatsappNovo: 'x',
      quantidadeClientes: 1,
      leads: [
        { cli_crm_id: 5, cli_telefone: '11999', mensagens: ['Oi [nome_do_cliente]'] },
        { cli_crm_id: 6, mensagens: ['b'] },
      ],
      idStatusNovo: 3,
      mudarStatus: false,
    });
    expect(n.leads).toEqual([{ cliCrmId: 5, mensagem: 'Oi [nome_do_cliente]' }]);
    expect(n.idStatusNovo).toBeNull();
    expect(n.nome).toBe('Disparo');
  });
  it('the oldest variant: per-lead mensagem and instanciaWhatsapp', () => {
    const n = parse({
      tokenWhatsapp: 'a',
      instanciaWhatsapp: 'inst',
      intervaloMensagem: 5,
      leads: [{ cli_crm_id: 9, mensagem: 'Oi' }],
      idStatusNovo: 2,
    });
    expect(n).toMatchObject({
      intervaloMensagem: 10,
      instanceName: 'inst',
      idStatusNovo: 2,
      leads: [{ cliCrmId: 9, mensagem: 'Oi' }],
    });
  });
  it('refuses more than 5 variants and bad lead ids', () => {
    expect(massSendPayloadSchema.safeParse({ leads: [], mensagens: ['1', '2', '3', '4', '5', '6'] }).success).toBe(false);
    expect(massSendPayloadSchema.safeParse({ leads: [{ cli_crm_id: -1 }] }).success).toBe(false);
  });
});

describe('pacing (issue 13 "Pacing")', () => {
  it('the wait is random around its mean, never a constant', () => {
    expect(randomWaitMs(30, 0)).toBe(15_000);
    expect(randomWaitMs(30, 0.5)).toBe(30_000);
    expect(randomWaitMs(30, 0.999999)).toBe(45_000);
    let sum = 0;
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const waits = Array.from({ length: 2000 }, () => randomWaitMs(20, rnd()));
    for (const w of waits) sum += w;
    expect(Math.abs(sum / waits.length - 20_000)).toBeLessThan(600);
    expect(new Set(waits).size).toBeGreaterThan(1000);
  });
  it('typing grows with the text and is bounded', () => {
    expect(typingDelayMs('')).toBe(1200);
    expect(typingDelayMs('a'.repeat(100))).toBe(6200);
    expect(typingDelayMs('a'.repeat(10_000))).toBe(12_000);
  });
  it('warm-up: 20, 50, 100, 150, 200 after 0, 4, 8, 15, 31 days', () => {
    const first = new Date('2026-01-01T12:00:00Z');
    const at = (days: number) => dailyCap(DEFAULT_WARM_UP, first, new Date(first.getTime() + days * 86_400_000));
    expect([0, 3, 4, 8, 14, 15, 31, 400].map(at)).toEqual([20, 20, 50, 100, 100, 150, 200, 200]);
    expect(dailyCap(DEFAULT_WARM_UP, null, first)).toBe(20);
  });
  it('allowed hours: 08:00–20:00 São Paulo, no Sundays', () => {
    const s = massSendSettingsOf({});
    // Thursday 26/11/2026 10:00 SP = 13:00Z
    const thu10 = new Date('2026-11-26T13:00:00Z');
    expect(nextAllowedTime(s, thu10)).toEqual(thu10);
    // 07:00 SP → 08:00 SP the same day
    expect(nextAllowedTime(s, new Date('2026-11-26T10:00:00Z'))).toEqual(new Date('2026-11-26T11:00:00Z'));
    // Saturday 21:00 SP → Monday 08:00 SP (Sunday skipped)
    expect(nextAllowedTime(s, new Date('2026-11-29T00:00:00Z'))).toEqual(new Date('2026-11-30T11:00:00Z'));
    expect(nextAllowedTime({ ...s, dias_semana: [] }, thu10)).toBeNull();
  });
  it('renders a variant per lead with placeholders (002 §5)', () => {
    const now = new Date('2026-11-26T13:00:00Z');
    expect(renderForLead(['A {{nome_do_cliente}}', 'B [data_atual+1]'], null, { cliCrmId: 3, nome: 'Ana Souza' }, now)).toBe(
      'B 27/11/2026',
    );
    expect(renderForLead(['A {{nome_do_cliente}}', 'B'], null, { cliCrmId: 4, nome: 'Ana Souza' }, now)).toBe('A Ana');
    expect(renderForLead(['A'], 'Própria {{data_atual}}', { cliCrmId: 4, nome: null }, now)).toBe('Própria 26/11/2026');
  });
  it('projects the finish with the cap and the hours', () => {
    const s = massSendSettingsOf({});
    const thu10 = new Date('2026-11-26T13:00:00Z');
    // 10 sends, 60 s apart: 9 minutes later.
    expect(projectedFinish(s, { count: 10, intervalSeconds: 60, sentToday: 0, firstUse: null }, thu10)).toEqual(
      new Date(thu10.getTime() + 9 * 60_000),
    );
    // A new number sends 20 a day: the 21st goes on Friday at 08:00.
    expect(projectedFinish(s, { count: 21, intervalSeconds: 10, sentToday: 0, firstUse: thu10 }, thu10)).toEqual(
      new Date('2026-11-27T11:00:00Z'),
    );
  });
});
