import { describe, expect, it } from 'vitest';

import { leadListItemSchema, leadSchema } from '../leads/lead.ts';
import { historyEventSchema } from '../leads/timeline.ts';
import { CELULAR_REGEX, maskCelular } from '../phone/phone.ts';
import { createFactories, createRandom, makeHistoryEvent, makeLead, makeLeads } from './factories.ts';

describe('test factories (ARCHITECTURE "Factories for test data live once")', () => {
  it('the same seed gives the same data and another seed different data', () => {
    expect(makeLead({}, 42)).toEqual(makeLead({}, 42));
    expect(makeLead({}, 42)).not.toEqual(makeLead({}, 43));
    expect(createRandom(7)()).toBe(createRandom(7)());
  });

  it('001 §3 leads satisfy the lead schema with a Brazilian mobile without 55', () => {
    for (const lead of makeLeads(20)) {
      expect(leadSchema.parse(lead)).toEqual(lead);
      expect(lead.cli_telefone).toMatch(/^\d{2}9\d{8}$/);
      expect(maskCelular(lead.cli_telefone)).toMatch(CELULAR_REGEX);
    }
  });

  it('ids count up within one sequence and overrides win', () => {
    const factories = createFactories(3);
    const [a, b] = [factories.makeLead(), factories.makeLead({ cli_nome: 'Maria Silva', idUsuario: 4 })];
    expect([a.cli_crm_id, b.cli_crm_id]).toEqual([1, 2]);
    expect(b.cli_nome).toBe('Maria Silva');
    expect(b.idUsuario).toBe(4);
  });

  it('000 §3 history events and list items satisfy their schemas', () => {
    expect(historyEventSchema.parse(makeHistoryEvent({ tipo: 5, id_antigo: 1, id_novo: 5 })).tipo).toBe(5);
    const item = createFactories(9).makeLeadListItem();
    expect(leadListItemSchema.parse(item)).toEqual(item);
  });
});
