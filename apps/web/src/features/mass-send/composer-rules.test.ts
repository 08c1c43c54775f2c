// 002 §5 "Mass send" and §9: the composer's bounds, send rule and selection rules.
import { describe, expect, it } from 'vitest';

import {
  canSend,
  clientCountError,
  composerErrors,
  intervalError,
  limitsOf,
  notSendableReason,
  selectionLimit,
  sendBlocker,
  settingsOfExtras,
  toggleAll,
  toggleLead,
  type ComposerState,
} from './composer-rules.ts';

const limits = { maxLeads: 500, intervalMin: 10, intervalMax: 50 };
const ready: ComposerState = {
  nomeDisparo: 'Retorno',
  numeroDeClientes: '10',
  intervaloTempo: '20',
  mensagens: ['Olá'],
  hasMedia: false,
  mudarStatus: false,
  idStatusNovo: null,
  selectedCount: 2,
  filterActive: true,
};

describe('002 §9 settings', () => {
  it('reads configuracoes_envio_em_massa with the defaults 500 and 10–50, falling back on a broken or inverted one', () => {
    expect(limitsOf(settingsOfExtras(null))).toEqual({ maxLeads: 500, intervalMin: 10, intervalMax: 50 });
    expect(limitsOf(settingsOfExtras('não é json'))).toEqual({ maxLeads: 500, intervalMin: 10, intervalMax: 50 });
    expect(
      limitsOf(
        settingsOfExtras(
          JSON.stringify({ configuracoes_envio_em_massa: { quantidade_max_leads: 200, tempo_minimo: 20, tempo_maximo: 60 } }),
        ),
      ),
    ).toEqual({ maxLeads: 200, intervalMin: 20, intervalMax: 60 });
    expect(
      limitsOf(settingsOfExtras(JSON.stringify({ configuracoes_envio_em_massa: { tempo_minimo: 40, tempo_maximo: 20 } }))),
    ).toEqual({ maxLeads: 500, intervalMin: 10, intervalMax: 50 });
  });
});

describe('002 §5 field rules', () => {
  it("numeroDeClientes: 'Campo obrigatório', 'O valor deve ser no mínimo 1', 'O valor deve ser no máximo N'", () => {
    expect(clientCountError('', limits)).toBe('Campo obrigatório');
    expect(clientCountError('2.5', limits)).toBe('Campo obrigatório');
    expect(clientCountError('0', limits)).toBe('O valor deve ser no mínimo 1');
    expect(clientCountError('501', limits)).toBe('O valor deve ser no máximo 500');
    expect(clientCountError('500', limits)).toBeNull();
  });
  it('intervaloTempo: between tempo_minimo and tempo_maximo', () => {
    expect(intervalError(' ', limits)).toBe('Campo obrigatório');
    expect(intervalError('9', limits)).toBe('O valor deve ser no mínimo 10');
    expect(intervalError('51', limits)).toBe('O valor deve ser no máximo 50');
    expect(intervalError('10', limits)).toBeNull();
  });
  it('Nome do Disparo is required, and a target status when the status changes after sending', () => {
    expect(composerErrors({ ...ready, nomeDisparo: '  ' }, limits)).toEqual({ nomeDisparo: 'Campo obrigatório' });
    expect(composerErrors({ ...ready, mudarStatus: true }, limits)).toEqual({ idStatusNovo: 'Campo obrigatório' });
    expect(composerErrors({ ...ready, mudarStatus: true, idStatusNovo: 4 }, limits)).toEqual({});
  });
});

describe('002 §5 send rule', () => {
  it("says why 'Enviar' is grey, in the spec's words (issue 21 item 10)", () => {
    expect(notSendableReason(ready, limits)).toBeNull();
    expect(notSendableReason({ ...ready, filterActive: false }, limits)).toBe(
      'Filtro não aplicado: aplique um filtro para encontrar os leads.',
    );
    expect(notSendableReason({ ...ready, selectedCount: 0 }, limits)).toBe('Nenhum lead selecionado');
    expect(notSendableReason({ ...ready, mensagens: [' '] }, limits)).toBe('Mensagem não pode ser vazia');
    expect(notSendableReason({ ...ready, nomeDisparo: '' }, limits)).toBe('Nome do Disparo é obrigatório');
    expect(notSendableReason({ ...ready, intervaloTempo: '5' }, limits)).toBe(
      'Intervalo (segundos): O valor deve ser no mínimo 10',
    );
    for (const state of [
      { ...ready, filterActive: false },
      { ...ready, selectedCount: 0 },
      { ...ready, nomeDisparo: '' },
      { ...ready, mudarStatus: true },
    ])
      expect(canSend(state, limits)).toBe(notSendableReason(state, limits) === null);
  });
  it('needs leads, a message or media, a name, an active filter and no errors', () => {
    expect(canSend(ready, limits)).toBe(true);
    expect(canSend({ ...ready, selectedCount: 0 }, limits)).toBe(false);
    expect(canSend({ ...ready, mensagens: ['  ', ''] }, limits)).toBe(false);
    expect(canSend({ ...ready, mensagens: [''], hasMedia: true }, limits)).toBe(true);
    expect(canSend({ ...ready, nomeDisparo: '' }, limits)).toBe(false);
    expect(canSend({ ...ready, filterActive: false }, limits)).toBe(false);
    expect(canSend({ ...ready, intervaloTempo: '70' }, limits)).toBe(false);
  });
  it("names the reason: 'Nenhum lead selecionado', then 'Mensagem não pode ser vazia'", () => {
    expect(sendBlocker({ selectedCount: 0, mensagens: [''], hasMedia: false })).toBe('Nenhum lead selecionado');
    expect(sendBlocker({ selectedCount: 1, mensagens: [' '], hasMedia: false })).toBe('Mensagem não pode ser vazia');
    expect(sendBlocker({ selectedCount: 1, mensagens: [''], hasMedia: true })).toBeNull();
  });
});

describe('002 §5 selection', () => {
  const found = [1, 2, 3, 4];
  it('caps at numeroDeClientes (the unit maximum while the field is invalid)', () => {
    expect(selectionLimit('3', limits)).toBe(3);
    expect(selectionLimit('', limits)).toBe(500);
    const one = toggleLead(new Set([1, 2]), 3, found, 2);
    expect(one.message).toBe('Quantidade máxima de leads selecionados atingida');
    expect([...one.selected]).toEqual([1, 2]);
    expect([...toggleLead(new Set([1, 2]), 2, found, 2).selected]).toEqual([1]);
  });
  it("a lead outside the found list is 'Lead não encontrado'", () => {
    expect(toggleLead(new Set(), 9, found, 2).message).toBe('Lead não encontrado');
  });
  it('select-all takes the first leads up to the limit, and clears when all are selected', () => {
    const all = toggleAll(new Set(), found, 3);
    expect([...all.selected]).toEqual([1, 2, 3]);
    expect(all.message).toBe('Quantidade máxima de leads selecionados atingida');
    expect([...toggleAll(all.selected, found, 3).selected]).toEqual([]);
    expect(toggleAll(new Set(), found, 10).message).toBeNull();
  });
});
