// 002 §4 "Call-queue control", transition by transition (counters of 002 §9).
import { describe, expect, it } from 'vitest';

import { initialQueueState, queueStep, type QueueEvent, type QueueState } from './call-queue.ts';

const lead = (id: number) => ({ cli_crm_id: id, cli_nome: `Lead ${id}`, cli_telefone: `1199999000${id}` });
const run = (s: QueueState, ...events: QueueEvent[]) =>
  events.reduce((acc, e) => queueStep(acc.state, e), { state: s, effects: [] as ReturnType<typeof queueStep>['effects'] });
const connected = () => run(initialQueueState(), { type: 'phone', status: 'connected' }).state;
/** Started and running on lead 1 with leads 2 and 3 queued. */
const running = () =>
  run(connected(), { type: 'start' }, { type: 'fetching' }, { type: 'loaded', contacts: [lead(1), lead(2), lead(3)] }).state;
const ticks = (s: QueueState, n: number) => run(s, ...Array.from({ length: n }, () => ({ type: 'tick' }) as const));

describe('002 §4 initial state and the phone', () => {
  it('starts disconnected, free, good signal, stopped', () => {
    expect(initialQueueState()).toMatchObject({
      statusPhone: 'disconnected',
      statusCall: 'free',
      sinal: 'good',
      statusControlaLead: 'stopped',
      contador: 0,
      contatoCall: null,
    });
  });
  it('the phone reports connected/disconnected and the signal good/bad', () => {
    const s = connected();
    expect(s.statusPhone).toBe('connected');
    expect(queueStep(s, { type: 'signal', sinal: 'bad' }).state.sinal).toBe('bad');
    const off = queueStep(s, { type: 'phone', status: 'disconnected', motivo: 'Kamailio não instalado' }).state;
    expect(off).toMatchObject({
      statusPhone: 'disconnected',
      motivoDesconexao: 'Kamailio não instalado',
      statusControlaLead: 'stopped',
    });
  });
  it('losing the phone while the queue runs stops it and releases the current lead', () => {
    const r = queueStep(running(), { type: 'phone', status: 'disconnected' });
    expect(r.state).toMatchObject({ statusControlaLead: 'stopped', statusCall: 'free', contatoCall: null, contador: 0 });
    expect(r.effects).toEqual([{ type: 'release', contact: lead(1) }]);
  });
});

describe('002 §4 Start', () => {
  it('works only when the phone is connected', () => {
    const r = queueStep(initialQueueState(), { type: 'start' });
    expect(r.state.statusControlaLead).toBe('stopped');
    expect(r.effects).toEqual([]);
  });
  it('goes to processing (fetch), searching, then running with the 60 s counter and the first contact, which is dialled', () => {
    const p = queueStep(connected(), { type: 'start' });
    expect(p.state).toMatchObject({ statusControlaLead: 'processing', statusCall: 'processing' });
    expect(p.effects).toEqual([{ type: 'fetch' }]);
    const f = queueStep(p.state, { type: 'fetching' });
    expect(f.state).toMatchObject({ statusControlaLead: 'searching', statusCall: 'searching' });
    const l = queueStep(f.state, { type: 'loaded', contacts: [lead(1), lead(2)] });
    expect(l.state).toMatchObject({
      statusControlaLead: 'running',
      statusCall: 'preparing',
      contatoCall: lead(1),
      filaLead: [lead(2)],
      contador: 60,
    });
    expect(l.effects).toEqual([{ type: 'dial', contact: lead(1) }]);
  });
  it('with no contact the state becomes waiting with a 120 s counter, and waiting refetches when it runs out', () => {
    const w = run(connected(), { type: 'start' }, { type: 'fetching' }, { type: 'loaded', contacts: [] }).state;
    expect(w).toMatchObject({ statusControlaLead: 'waiting', statusCall: 'waiting', contador: 120, contatoCall: null });
    const before = ticks(w, 119);
    expect(before.state.contador).toBe(1);
    const after = queueStep(before.state, { type: 'tick' });
    expect(after.state).toMatchObject({ statusControlaLead: 'processing' });
    expect(after.effects).toEqual([{ type: 'fetch' }]);
  });
  it('issue 12: outside the call hours nothing is dialled (even with contacts): waiting until the next fetch, saying until when', () => {
    const w = run(
      connected(),
      { type: 'start' },
      { type: 'fetching' },
      { type: 'loaded', contacts: [lead(1)], foraDoHorario: { ate: '2026-11-27T11:00:00.000Z' } },
    );
    expect(w.state).toMatchObject({
      statusControlaLead: 'waiting',
      statusCall: 'waiting',
      contatoCall: null,
      filaLead: [],
      contador: 120,
      foraDoHorario: { ate: '2026-11-27T11:00:00.000Z' },
    });
    expect(w.effects).toEqual([]);
    // The counter runs out: it asks again; inside the hours the contacts are dialled and the notice goes.
    const again = ticks(w.state, 120);
    expect(again.effects).toEqual([{ type: 'fetch' }]);
    const open = run(again.state, { type: 'fetching' }, { type: 'loaded', contacts: [lead(1)] });
    expect(open.state).toMatchObject({ statusControlaLead: 'running', contatoCall: lead(1), foraDoHorario: null });
    expect(open.effects).toEqual([{ type: 'dial', contact: lead(1) }]);
  });
  it('Start is ignored when not stopped', () => {
    const s = running();
    expect(queueStep(s, { type: 'start' }).state).toBe(s);
  });
});

describe('002 §4 a call', () => {
  it('calling reports the call start for the contact and clears the counter', () => {
    const r = queueStep(running(), { type: 'dialing', chamadaId: 'c-1' });
    expect(r.state).toMatchObject({ statusCall: 'calling', contador: 0, chamadaId: 'c-1' });
    expect(r.effects).toEqual([{ type: 'callStarted', contact: lead(1), chamadaId: 'c-1' }]);
  });
  it('answered goes to talking; ended sets the 120 s counter and releases the lead', () => {
    const t = run(running(), { type: 'dialing', chamadaId: 'c' }, { type: 'answered' }).state;
    expect(t.statusCall).toBe('talking');
    const e = queueStep(t, { type: 'ended' });
    expect(e.state).toMatchObject({ statusCall: 'ended', contador: 120, statusControlaLead: 'running' });
    expect(e.effects).toEqual([{ type: 'release', contact: lead(1) }]);
  });
  it('counter expiry after a call takes the next contact (the next-contact action)', () => {
    const e = run(running(), { type: 'dialing', chamadaId: 'c' }, { type: 'ended' }).state;
    const r = ticks(e, 120);
    expect(r.state).toMatchObject({ statusCall: 'preparing', contatoCall: lead(2), filaLead: [lead(3)], contador: 60 });
    expect(r.effects).toEqual([{ type: 'dial', contact: lead(2) }]);
  });
  it('the next-contact action goes on at once after the outcome is saved', () => {
    const e = run(running(), { type: 'dialing', chamadaId: 'c' }, { type: 'ended' }).state;
    const r = queueStep(e, { type: 'next' });
    expect(r.state).toMatchObject({ statusCall: 'preparing', contatoCall: lead(2), contador: 60 });
  });
  it('an empty queue after a call fetches more leads; an empty answer waits 60 s', () => {
    let s = running();
    for (let i = 0; i < 3; i++)
      s = run(s, { type: 'dialing', chamadaId: `c${i}` }, { type: 'ended' }, ...(i < 2 ? [{ type: 'next' } as const] : [])).state;
    const r = queueStep(s, { type: 'next' });
    expect(r.state.statusControlaLead).toBe('processing');
    expect(r.effects).toEqual([{ type: 'fetch' }]);
    const w = run(r.state, { type: 'fetching' }, { type: 'loaded', contacts: [] }).state;
    expect(w).toMatchObject({ statusControlaLead: 'waiting', contador: 60 });
  });
  it('a contact not dialled within the 60 s is released and the next one taken', () => {
    const r = ticks(running(), 60);
    expect(r.effects).toEqual([
      { type: 'release', contact: lead(1) },
      { type: 'dial', contact: lead(2) },
    ]);
    expect(r.state.contatoCall).toEqual(lead(2));
  });
  it('a click during calling or talking hangs up', () => {
    const c = run(running(), { type: 'dialing', chamadaId: 'c' }).state;
    expect(queueStep(c, { type: 'click' }).effects).toEqual([{ type: 'hangup' }]);
    const t = queueStep(c, { type: 'answered' }).state;
    expect(queueStep(t, { type: 'click' })).toEqual({ state: t, effects: [{ type: 'hangup' }] });
  });
  it('next is refused while calling or talking', () => {
    const c = run(running(), { type: 'dialing', chamadaId: 'c' }).state;
    expect(queueStep(c, { type: 'next' }).state).toBe(c);
  });
});

describe('002 §4 Pause, Continuar and Stop Fila', () => {
  it('pause is refused while calling or talking', () => {
    const c = run(running(), { type: 'dialing', chamadaId: 'c' }).state;
    expect(queueStep(c, { type: 'pause' }).state).toBe(c);
    const t = queueStep(c, { type: 'answered' }).state;
    expect(queueStep(t, { type: 'pause' }).state).toBe(t);
  });
  it('pause goes to paused, resets the counter and clears the current contact', () => {
    const r = queueStep(running(), { type: 'pause' });
    expect(r.state).toMatchObject({ statusControlaLead: 'paused', statusCall: 'paused', contador: 0, contatoCall: null });
    expect(r.effects).toEqual([{ type: 'release', contact: lead(1) }]);
  });
  it('Continuar from paused and from waiting goes back to processing', () => {
    const p = queueStep(running(), { type: 'pause' }).state;
    expect(queueStep(p, { type: 'continue' })).toMatchObject({
      state: { statusControlaLead: 'processing' },
      effects: [{ type: 'fetch' }],
    });
    const w = run(connected(), { type: 'start' }, { type: 'fetching' }, { type: 'loaded', contacts: [] }).state;
    expect(queueStep(w, { type: 'continue' }).state.statusControlaLead).toBe('processing');
    expect(queueStep(running(), { type: 'continue' }).state.statusControlaLead).toBe('running');
  });
  it('Stop Fila sets stopped/free, only when not calling or talking', () => {
    const c = run(running(), { type: 'dialing', chamadaId: 'c' }).state;
    expect(queueStep(c, { type: 'stop' }).state).toBe(c);
    const r = queueStep(running(), { type: 'stop' });
    expect(r.state).toMatchObject({
      statusControlaLead: 'stopped',
      statusCall: 'free',
      contador: 0,
      contatoCall: null,
      filaLead: [],
    });
    expect(r.effects).toEqual([{ type: 'release', contact: lead(1) }]);
    const e = run(c, { type: 'ended' }).state;
    expect(queueStep(e, { type: 'stop' }).effects).toEqual([]);
  });
});

describe('002 §4 single-call mode', () => {
  it('preparing dials; the call ends back in stopped', () => {
    const r = queueStep(connected(), { type: 'single', contact: lead(7) });
    expect(r.state).toMatchObject({ statusControlaLead: 'single', statusCall: 'preparing', contatoCall: lead(7) });
    expect(r.effects).toEqual([{ type: 'dial', contact: lead(7) }]);
    const e = run(r.state, { type: 'dialing', chamadaId: 'x' }, { type: 'ended' });
    expect(e.state).toMatchObject({ statusControlaLead: 'stopped', statusCall: 'ended' });
  });
  it('a click stops when not in a call, hangs up in a call', () => {
    const p = queueStep(connected(), { type: 'single', contact: lead(7) }).state;
    expect(queueStep(p, { type: 'click' }).state).toMatchObject({ statusControlaLead: 'stopped', statusCall: 'free' });
    const c = queueStep(p, { type: 'dialing', chamadaId: 'x' }).state;
    expect(queueStep(c, { type: 'click' }).effects).toEqual([{ type: 'hangup' }]);
  });
  it('is refused without a phone or while the queue runs', () => {
    expect(queueStep(initialQueueState(), { type: 'single', contact: lead(7) }).state.statusControlaLead).toBe('stopped');
    expect(queueStep(running(), { type: 'single', contact: lead(7) }).state.contatoCall).toEqual(lead(1));
  });
});
