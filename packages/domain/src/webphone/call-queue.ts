// 002 §4 "Call-queue control" and §3 "Webphone state" as a pure reducer: the screen dispatches
// what the attendant and the phone do, runs the effects it gets back (dial, hang up, fetch the
// queue, report the call start, release a lead) and renders the state. Counters of 002 §9.
/** 002 §4 control modes. */
export const CONTROL_MODES = ['stopped', 'processing', 'searching', 'running', 'waiting', 'paused', 'single'] as const;
export type ControlMode = (typeof CONTROL_MODES)[number];
/** 002 §4 call status. */
export type CallStatus =
  'free' | 'preparing' | 'calling' | 'talking' | 'ended' | 'searching' | 'processing' | 'waiting' | 'paused';
export type PhoneStatus = 'connected' | 'disconnected';
export type Signal = 'good' | 'bad';

/** 002 §9 "counters 60 s and 120 s". */
export const QUEUE_COUNTERS = { running: 60, afterCall: 120, noContact: 120, emptyAfterCall: 60 } as const;

/** The least the queue needs of a lead. */
export type QueueContact = { cli_crm_id: number; cli_nome: string; cli_telefone: string };

export type QueueState<C extends QueueContact = QueueContact> = {
  statusPhone: PhoneStatus;
  /** Why the phone is disconnected ('Telefone desconectado' + this), null when connected. */
  motivoDesconexao: string | null;
  sinal: Signal;
  statusControlaLead: ControlMode;
  statusCall: CallStatus;
  contatoCall: C | null;
  filaLead: C[];
  /** Seconds left on the counter; 0 when none runs. */
  contador: number;
  chamadaId: string | null;
  /** The pending fetch follows a call (an empty answer waits 60 s) rather than a start (120 s). */
  buscaAposChamada: boolean;
  /**
   * issue 12 call hours: the last fetch found the unit outside its call hours; `ate` is when they
   * open again (ISO instant; null when no window is set at all). Null inside the hours.
   */
  foraDoHorario: { ate: string | null } | null;
};

export type QueueEvent<C extends QueueContact = QueueContact> =
  | { type: 'phone'; status: PhoneStatus; motivo?: string }
  | { type: 'signal'; sinal: Signal }
  | { type: 'start' }
  | { type: 'fetching' }
  | { type: 'loaded'; contacts: C[]; foraDoHorario?: { ate: string | null } | null }
  | { type: 'dialing'; chamadaId: string }
  | { type: 'answered' }
  | { type: 'ended' }
  | { type: 'tick' }
  | { type: 'next' }
  | { type: 'pause' }
  | { type: 'continue' }
  | { type: 'stop' }
  | { type: 'click' }
  | { type: 'single'; contact: C };

export type QueueEffect<C extends QueueContact = QueueContact> =
  | { type: 'dial'; contact: C }
  | { type: 'hangup' }
  | { type: 'fetch' }
  | { type: 'callStarted'; contact: C; chamadaId: string }
  | { type: 'release'; contact: C };

export type QueueStep<C extends QueueContact = QueueContact> = { state: QueueState<C>; effects: QueueEffect<C>[] };

/** 002 §4: initial disconnected, free, good signal, stopped. */
export function initialQueueState<C extends QueueContact = QueueContact>(): QueueState<C> {
  return {
    statusPhone: 'disconnected',
    motivoDesconexao: null,
    sinal: 'good',
    statusControlaLead: 'stopped',
    statusCall: 'free',
    contatoCall: null,
    filaLead: [],
    contador: 0,
    chamadaId: null,
    buscaAposChamada: false,
    foraDoHorario: null,
  };
}

/** Calling or talking: the moments pause and stop are refused and a click hangs up. */
export const inCall = (s: QueueState<QueueContact>): boolean => s.statusCall === 'calling' || s.statusCall === 'talking';

/** Start is offered only with the phone connected and the queue stopped (002 §4). */
export const canStart = (s: QueueState<QueueContact>): boolean =>
  s.statusPhone === 'connected' && s.statusControlaLead === 'stopped';
export const canPause = (s: QueueState<QueueContact>): boolean =>
  !inCall(s) && s.statusControlaLead !== 'stopped' && s.statusControlaLead !== 'paused' && s.statusControlaLead !== 'single';
export const canContinue = (s: QueueState<QueueContact>): boolean =>
  s.statusPhone === 'connected' && (s.statusControlaLead === 'paused' || s.statusControlaLead === 'waiting');
export const canStop = (s: QueueState<QueueContact>): boolean => !inCall(s) && s.statusControlaLead !== 'stopped';
/** 'Ligar Agora' (single call): the phone connected, the queue stopped and no call in progress. */
export const canCallSingle = (s: QueueState<QueueContact>): boolean =>
  s.statusPhone === 'connected' && s.statusControlaLead === 'stopped' && !inCall(s);

const same = <C extends QueueContact>(state: QueueState<C>): QueueStep<C> => ({ state, effects: [] });
const releaseOf = <C extends QueueContact>(s: QueueState<C>): QueueEffect<C>[] =>
  s.contatoCall ? [{ type: 'release', contact: s.contatoCall }] : [];

/** Takes the queue's next contact: preparing dials it; none → waiting with the 120 s counter. */
function takeNext<C extends QueueContact>(s: QueueState<C>, queue: C[], emptyCounter: number): QueueStep<C> {
  const [contact, ...rest] = queue;
  if (!contact)
    return {
      state: {
        ...s,
        statusControlaLead: 'waiting',
        statusCall: 'waiting',
        contatoCall: null,
        filaLead: [],
        contador: emptyCounter,
        chamadaId: null,
      },
      effects: [],
    };
  return {
    state: {
      ...s,
      statusControlaLead: 'running',
      statusCall: 'preparing',
      contatoCall: contact,
      filaLead: rest,
      contador: QUEUE_COUNTERS.running,
      chamadaId: null,
    },
    effects: [{ type: 'dial', contact }],
  };
}

/** Refetch: processing, then the screen fetches and answers 'fetching' / 'loaded'. */
const refetch = <C extends QueueContact>(s: QueueState<C>, extra: QueueEffect<C>[] = [], aposChamada = false): QueueStep<C> => ({
  state: {
    ...s,
    statusControlaLead: 'processing',
    statusCall: 'processing',
    contatoCall: null,
    contador: 0,
    chamadaId: null,
    buscaAposChamada: aposChamada,
  },
  effects: [...extra, { type: 'fetch' }],
});

/** One transition of 002 §4. Events that do not apply in the current state change nothing. */
export function queueStep<C extends QueueContact>(s: QueueState<C>, e: QueueEvent<C>): QueueStep<C> {
  switch (e.type) {
    case 'phone': {
      if (e.status === 'connected') return same({ ...s, statusPhone: 'connected', motivoDesconexao: null });
      // Without a phone nothing can be dialled: the queue stops (a call in progress is already lost).
      const base = { ...s, statusPhone: 'disconnected' as const, motivoDesconexao: e.motivo ?? null };
      if (s.statusControlaLead === 'stopped') return same({ ...base, statusCall: 'free' });
      return {
        state: {
          ...base,
          statusControlaLead: 'stopped',
          statusCall: 'free',
          contatoCall: null,
          filaLead: [],
          contador: 0,
          chamadaId: null,
        },
        effects: releaseOf(s),
      };
    }
    case 'signal':
      return same({ ...s, sinal: e.sinal });
    case 'start':
      if (!canStart(s)) return same(s);
      return refetch(s);
    case 'fetching':
      if (s.statusControlaLead !== 'processing') return same(s);
      return same({ ...s, statusControlaLead: 'searching', statusCall: 'searching' });
    case 'loaded': {
      if (s.statusControlaLead !== 'searching' && s.statusControlaLead !== 'processing') return same(s);
      // Outside the unit's call hours nobody is dialled: waiting, and the counter asks again.
      if (e.foraDoHorario) return takeNext({ ...s, foraDoHorario: e.foraDoHorario }, [], QUEUE_COUNTERS.noContact);
      return takeNext(
        { ...s, foraDoHorario: null },
        e.contacts,
        s.buscaAposChamada ? QUEUE_COUNTERS.emptyAfterCall : QUEUE_COUNTERS.noContact,
      );
    }
    case 'dialing': {
      if (s.statusCall !== 'preparing' || !s.contatoCall) return same(s);
      // 002 §4: calling reports the call start for the contact and clears the counter.
      return {
        state: { ...s, statusCall: 'calling', contador: 0, chamadaId: e.chamadaId },
        effects: [{ type: 'callStarted', contact: s.contatoCall, chamadaId: e.chamadaId }],
      };
    }
    case 'answered':
      if (s.statusCall !== 'calling') return same(s);
      return same({ ...s, statusCall: 'talking' });
    case 'ended': {
      if (s.statusCall !== 'calling' && s.statusCall !== 'talking' && s.statusCall !== 'preparing') return same(s);
      if (s.statusControlaLead === 'single')
        return { state: { ...s, statusControlaLead: 'stopped', statusCall: 'ended', contador: 0 }, effects: releaseOf(s) };
      // 002 §4: ended sets the 120 s counter; the next-step action or its expiry goes on.
      return { state: { ...s, statusCall: 'ended', contador: QUEUE_COUNTERS.afterCall }, effects: releaseOf(s) };
    }
    case 'tick': {
      if (s.contador <= 0) return same(s);
      const contador = s.contador - 1;
      if (contador > 0) return same({ ...s, contador });
      if (s.statusControlaLead === 'waiting') return refetch({ ...s, contador: 0 });
      if (s.statusControlaLead === 'running' && s.statusCall === 'ended') return goNext({ ...s, contador: 0 });
      // The contact was never dialled within the 60 s: it is released and the queue goes on.
      if (s.statusControlaLead === 'running' && s.statusCall === 'preparing') return goNext({ ...s, contador: 0 }, releaseOf(s));
      return same({ ...s, contador });
    }
    case 'next':
      if (s.statusControlaLead !== 'running' || inCall(s)) return same(s);
      return goNext(s, s.statusCall === 'preparing' ? releaseOf(s) : []);
    case 'pause':
      if (!canPause(s)) return same(s);
      // 002 §4: pausing resets the counter and clears the current contact.
      return {
        state: {
          ...s,
          statusControlaLead: 'paused',
          statusCall: 'paused',
          contatoCall: null,
          filaLead: [],
          contador: 0,
          chamadaId: null,
        },
        effects: s.statusCall === 'ended' ? [] : releaseOf(s),
      };
    case 'continue':
      if (!canContinue(s)) return same(s);
      return refetch(s);
    case 'stop':
      if (!canStop(s)) return same(s);
      return {
        state: {
          ...s,
          statusControlaLead: 'stopped',
          statusCall: 'free',
          contatoCall: null,
          filaLead: [],
          contador: 0,
          chamadaId: null,
        },
        effects: s.statusCall === 'ended' ? [] : releaseOf(s),
      };
    case 'click':
      // 002 §4: a click during calling or talking hangs up; in single-call mode a click stops.
      if (inCall(s)) return { state: s, effects: [{ type: 'hangup' }] };
      if (s.statusControlaLead === 'single')
        return {
          state: { ...s, statusControlaLead: 'stopped', statusCall: 'free', contatoCall: null, contador: 0, chamadaId: null },
          effects: [],
        };
      return same(s);
    case 'single':
      // 'Ligar Agora': one call outside the queue, only while the queue is stopped.
      if (!canCallSingle(s)) return same(s);
      return {
        state: {
          ...s,
          statusControlaLead: 'single',
          statusCall: 'preparing',
          contatoCall: e.contact,
          filaLead: [],
          contador: 0,
          chamadaId: null,
        },
        effects: [{ type: 'dial', contact: e.contact }],
      };
  }
}

/** The next-contact action: the queue's next contact, or a refetch when the queue is empty. */
function goNext<C extends QueueContact>(s: QueueState<C>, extra: QueueEffect<C>[] = []): QueueStep<C> {
  if (s.filaLead.length === 0) return refetch(s, extra, true);
  const step = takeNext(s, s.filaLead, QUEUE_COUNTERS.noContact);
  return { state: step.state, effects: [...extra, ...step.effects] };
}
