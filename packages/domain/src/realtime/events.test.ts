// The realtime contract (issue 7 §3, 001 §7, 002 §7): one name, one shape per event.
import { describe, expect, expectTypeOf, it } from 'vitest';

import {
  contactEvent,
  leadUpdateEvent,
  parseRealtimePayload,
  REALTIME_EVENTS,
  realtimeSchemaOf,
  type RealtimeEventName,
  type RealtimePayload,
  type RealtimePayloadIn,
} from './events.ts';

describe('realtime registry (issue 7 §3 "One realtime contract")', () => {
  it('recognises each built name as its own event and as no other', () => {
    for (const [key, entry] of Object.entries(REALTIME_EVENTS)) {
      const name = entry.name(42);
      const matching = Object.entries(REALTIME_EVENTS)
        .filter(([, e]) => e.pattern.test(name))
        .map(([k]) => k);
      expect(matching, name).toEqual([key]);
      expect(realtimeSchemaOf(name)).toBe(entry.schema);
    }
  });

  it('names the events of 001 §7 and 002 §7 as the spec does', () => {
    expect(Object.values(REALTIME_EVENTS).map((e) => e.name(7))).toEqual([
      'ready',
      'company-7-appMessage',
      'company-7-ticket',
      'company-7-contact',
      'company-7-whatsapp',
      'company-7-whatsappSession',
      'lead-7-update',
      'csv-import-progress',
      'company-7-create-campanha',
      'company-7-update-campanha',
      'company-7-envio-campanha',
      'company-7-update-lead',
      'company-7-unit-data',
      'company-7-pipeline',
    ]);
  });

  it('gives company-{id}-contact and lead-{id}-update one shape: action, cli_crm_id, idUnidade', () => {
    const change = { action: 'criado', cli_crm_id: 5, idUnidade: 2 } as const;
    expect(parseRealtimePayload(contactEvent(1), change)).toEqual({ ok: true, payload: change });
    expect(parseRealtimePayload(leadUpdateEvent(5), change)).toEqual({ ok: true, payload: change });
    // The WhatsApp module's former shape is outside the contract.
    expect(parseRealtimePayload(contactEvent(1), { action: 'create', contact: { cli_crm_id: 5 } }).ok).toBe(false);
    expect(parseRealtimePayload(leadUpdateEvent(5), { lead: { cli_crm_id: 5 } }).ok).toBe(false);
    // The CSV import's many-leads signal is a company event only.
    expect(parseRealtimePayload(contactEvent(1), { action: 'importados', cli_crm_id: 0, idUnidade: 2 }).ok).toBe(true);
    expect(parseRealtimePayload(leadUpdateEvent(0), { action: 'importados', cli_crm_id: 0, idUnidade: 2 }).ok).toBe(false);
  });

  it('refuses a name outside the contract', () => {
    expect(parseRealtimePayload('company-1-outro', {})).toEqual({
      ok: false,
      reason: 'evento fora do contrato: company-1-outro',
    });
    expect(realtimeSchemaOf('company-x-contact')).toBeNull();
  });

  it('types each name to its payload', () => {
    expectTypeOf<RealtimePayload<ReturnType<typeof contactEvent>>['cli_crm_id']>().toEqualTypeOf<number>();
    expectTypeOf<RealtimePayloadIn<'csv-import-progress'>['importados']>().toEqualTypeOf<number>();
    expectTypeOf<'company-1-contact'>().toExtend<RealtimeEventName>();
    expectTypeOf<'company-1-outro'>().not.toExtend<RealtimeEventName>();
  });
});
