import { describe, expect, it } from 'vitest';

import { makeLead } from '../testing/factories.ts';
import { canConvertLead, isLeadConverted, leadSchema } from './lead.ts';

describe('lead record (001 §3 "Lead (client)")', () => {
  it('001 §3 cli_id 0 or empty means not converted', () => {
    expect(isLeadConverted({ cli_id: 0 })).toBe(false);
    expect(isLeadConverted({ cli_id: null })).toBe(false);
    expect(isLeadConverted({ cli_id: 1234 })).toBe(true);
  });

  it('001 §4 Conversion is allowed only when the lead is not converted and the company is 1', () => {
    expect(canConvertLead({ cli_id: null }, 1)).toBe(true);
    expect(canConvertLead({ cli_id: 0 }, 1)).toBe(true);
    expect(canConvertLead({ cli_id: 99 }, 1)).toBe(false);
    expect(canConvertLead({ cli_id: null }, 10)).toBe(false);
  });

  it('001 §3 whatsapp_blocked, marcado_nao_lida and desativado are 0 or 1', () => {
    expect(leadSchema.safeParse(makeLead({ whatsapp_blocked: 1, desativado: 1 })).success).toBe(true);
    expect(leadSchema.safeParse({ ...makeLead(), whatsapp_blocked: 2 }).success).toBe(false);
  });
});
