// Drives the webphone (issue 12): the 002 §4 reducer decides, this hook runs its effects on the
// SIP phone and the API, and feeds back what the phone and the server answer.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { CrmContato } from '@funil/domain/leads-api/lead-api';
import { CALL_STATUS_TEXT, shortAnsweredCallStatus } from '@funil/domain/leads/call-attempts';
import { CONTACT_STATUS } from '@funil/domain/leads/negotiation';
import {
  initialQueueState,
  queueStep,
  type QueueEffect,
  type QueueEvent,
  type QueueState,
} from '@funil/domain/webphone/call-queue';

import { ApiError } from '../../../lib/api-error.ts';
import { webphoneApi } from '../api/webphone-api.ts';
import { SipPhone, type CallResult, type CallStats } from '../lib/sip-phone.ts';

/** How many leads one queue fetch claims. */
const QUEUE_BATCH = 3;
/** Renew the short-lived credentials well before they expire. */
const RENEW_MS = 60 * 60 * 1000;

export type WebphoneController = {
  state: QueueState<CrmContato>;
  stats: CallStats | null;
  ringing: boolean;
  muted: boolean;
  held: boolean;
  ramal: number | null;
  lastResult: CallResult | null;
  /** How the last call ended, as its history event reads it ('Ocupado', 'Não atendida'…); null for an answered one. */
  outcome: string | null;
  dispatch: (e: QueueEvent<CrmContato>) => void;
  reconnect: () => void;
  setMuted: (m: boolean) => void;
  setHeld: (h: boolean) => Promise<void>;
  sendDtmf: (tone: string) => void;
  phone: SipPhone;
};

const reasonOf = (err: unknown) => {
  const text = err instanceof ApiError || err instanceof Error ? err.message : String(err);
  return text.replace(/^Telefone desconectado:\s*/, '');
};

export function useWebphone(audio: HTMLAudioElement | null): WebphoneController {
  const queryClient = useQueryClient();
  const [phone] = useState(() => new SipPhone({ record: true, ringTimeoutSeconds: 30 }));
  const [state, setState] = useState(initialQueueState<CrmContato>);
  const stateRef = useRef<QueueState<CrmContato>>(state);
  const [stats, setStats] = useState<CallStats | null>(null);
  const [ringing, setRinging] = useState(false);
  const [muted, setMutedState] = useState(false);
  const [held, setHeldState] = useState(false);
  const [ramal, setRamal] = useState<number | null>(null);
  const [lastResult, setLastResult] = useState<CallResult | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const skipped = useRef(new Set<number>());
  const dispatchRef = useRef<(e: QueueEvent<CrmContato>) => void>(() => undefined);

  const run = useCallback(
    (effect: QueueEffect<CrmContato>) => {
      const dispatch = dispatchRef.current;
      switch (effect.type) {
        case 'dial':
          try {
            phone.call(effect.contact.cli_telefone);
          } catch {
            dispatch({ type: 'ended' });
          }
          return;
        case 'hangup':
          void phone.hangup();
          return;
        case 'fetch':
          dispatch({ type: 'fetching' });
          // issue 12: the unit's call hours beside the queue (the server hands out nobody outside
          // them); closed, the screen says until when it waits. A failed hours read leaves it to the queue.
          void Promise.all([
            webphoneApi.queue(QUEUE_BATCH, [...skipped.current].slice(-100)),
            webphoneApi.callHours().catch(() => null),
          ])
            .then(([contacts, hours]) =>
              dispatch({ type: 'loaded', contacts, foraDoHorario: hours && !hours.aberto ? { ate: hours.ate } : null }),
            )
            .catch(() => dispatch({ type: 'loaded', contacts: [] }));
          return;
        case 'callStarted':
          void webphoneApi.callStarted(effect.contact.cli_crm_id, effect.chamadaId).catch(() => undefined);
          return;
        case 'release':
          void webphoneApi.release(effect.contact.cli_crm_id).catch(() => undefined);
          return;
      }
    },
    [phone],
  );

  const dispatch = useCallback(
    (e: QueueEvent<CrmContato>) => {
      const step = queueStep(stateRef.current, e);
      if (step.state !== stateRef.current) {
        stateRef.current = step.state;
        setState(step.state);
      }
      for (const effect of step.effects) run(effect);
    },
    [run],
  );
  useEffect(() => {
    dispatchRef.current = dispatch;
  }, [dispatch]);

  const connect = useCallback(async () => {
    try {
      const credentials = await webphoneApi.credentials();
      setRamal(credentials.ramal);
      await phone.connect(credentials);
    } catch (err) {
      dispatchRef.current({ type: 'phone', status: 'disconnected', motivo: reasonOf(err) });
    }
  }, [phone]);

  useEffect(() => {
    const off = phone.on((event) => {
      const d = dispatchRef.current;
      switch (event.type) {
        case 'registered':
          d({ type: 'phone', status: 'connected' });
          return;
        case 'unregistered':
          d({ type: 'phone', status: 'disconnected', motivo: event.motivo });
          return;
        case 'dialing':
          setStats(null);
          setOutcome(null);
          setRinging(false);
          d({ type: 'dialing', chamadaId: event.chamadaId });
          return;
        case 'ringing':
          setRinging(true);
          return;
        case 'answered':
          setRinging(false);
          d({ type: 'answered' });
          return;
        case 'stats':
          setStats(event.stats);
          d({ type: 'signal', sinal: event.stats.sinal });
          return;
        case 'ended': {
          setRinging(false);
          setMutedState(false);
          setHeldState(false);
          setLastResult(event.result);
          // issue 21 item 14: a busy or unanswered call says so in the bar.
          setOutcome(event.result.statusChamada === CALL_STATUS_TEXT.answered ? null : event.result.statusChamada);
          const contact = stateRef.current.contatoCall;
          if (!contact) {
            d({ type: 'ended' });
            return;
          }
          skipped.current.add(contact.cli_crm_id);
          // The outcome is saved (and the lease released by it) before the queue moves on.
          void (async () => {
            let url: string | undefined;
            if (event.result.recording) {
              const saved = await webphoneApi.uploadRecording(contact.cli_crm_id, event.result.recording).catch(() => null);
              if (saved) url = `${window.location.origin}${saved.caminho}`;
            }
            const saved = await webphoneApi
              .callEnded(contact.cli_crm_id, {
                chamada_id: event.result.chamadaId,
                duracao: event.result.duracao,
                duracao_falada: event.result.duracaoFalada,
                status_chamada: event.result.statusChamada,
                motivo_desconexao: event.result.motivoDesconexao.slice(0, 100),
                ...(url ? { url_gravacao: url } : {}),
              })
              .catch(() => undefined);
            // 002 §9: picked up but under the unit's minimum talk time, it counts as not answered.
            if (
              event.result.statusChamada === CALL_STATUS_TEXT.answered &&
              saved?.cli_contato_status === CONTACT_STATUS.NaoAtendido
            )
              setOutcome(shortAnsweredCallStatus());
            await queryClient.invalidateQueries({ queryKey: ['leads'] });
            d({ type: 'ended' });
          })();
          return;
        }
      }
    });
    // Registering answers later (credentials, then REGISTER): never inside the effect itself.
    void Promise.resolve().then(connect);
    const renew = setInterval(
      () =>
        void webphoneApi
          .credentials()
          .then((c) => phone.renew(c))
          .catch(() => undefined),
      RENEW_MS,
    );
    return () => {
      off();
      clearInterval(renew);
      void phone.disconnect();
    };
  }, [phone, connect, queryClient]);

  useEffect(() => {
    phone.setAudio(audio);
  }, [phone, audio]);

  // The 60 s / 120 s counters of 002 §4.
  useEffect(() => {
    const timer = setInterval(() => {
      if (stateRef.current.contador > 0) dispatchRef.current({ type: 'tick' });
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  // Leaving the screen gives the held leads back.
  useEffect(
    () => () => {
      const s = stateRef.current;
      for (const c of [s.contatoCall, ...s.filaLead]) if (c) void webphoneApi.release(c.cli_crm_id).catch(() => undefined);
    },
    [],
  );

  return {
    state,
    stats,
    ringing,
    muted,
    held,
    ramal,
    lastResult,
    outcome,
    dispatch,
    reconnect: () => void connect(),
    setMuted: (m) => {
      phone.setMuted(m);
      setMutedState(m);
    },
    setHeld: async (h) => {
      // A refused re-INVITE is rolled back by SIP.js and the call goes on as it was: the button
      // keeps showing the phone's real state.
      await phone.setHeld(h).catch(() => undefined);
      setHeldState(phone.held);
    },
    sendDtmf: (tone) => void phone.sendDtmf(tone),
    phone,
  };
}
