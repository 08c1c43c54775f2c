// The softphone under the webphone screen (issue 12): SIP.js registers the user's extension with
// the short-lived credentials the server issues, places one call at a time, and reports what the
// queue needs (002 §4: status, chamada_id, stats_webphone). Audio is proven by WebRTC statistics
// (inbound packets), never by the SIP state alone.
import { Inviter, Registerer, RegistererState, SessionState, UserAgent, type Session, type Web } from 'sip.js';

import { CALL_STATUS_TEXT, callEndReasonOfSip, callStatusOfSip } from '@funil/domain/leads/call-attempts';
import type { Signal } from '@funil/domain/webphone/call-queue';
import type { SipCredentials } from '@funil/domain/webphone/webphone-api';

export type PhoneEvent =
  | { type: 'registered' }
  | { type: 'unregistered'; motivo: string }
  | { type: 'dialing'; chamadaId: string }
  | { type: 'ringing' }
  | { type: 'answered' }
  | { type: 'ended'; result: CallResult }
  | { type: 'stats'; stats: CallStats };

/** What a call's end reports to contato/proximaligacao. */
export type CallResult = {
  chamadaId: string;
  /** Seconds from dialling to the end. */
  duracao: number;
  /** Seconds from answer to hang-up (0 when never answered). */
  duracaoFalada: number;
  /** The SIP final status of the INVITE (200, 486, 480, 487…). */
  sipStatus: number;
  statusChamada: string;
  motivoDesconexao: string;
  recording: Blob | null;
};

export type CallStats = {
  packetsReceived: number;
  packetsSent: number;
  packetsLost: number;
  jitter: number;
  rtt: number | null;
  audioLevel: number;
  sinal: Signal;
};

/** Good when little is lost and the jitter is low (002 §4 signal good/bad). */
export function signalOf(s: { packetsReceived: number; packetsLost: number; jitter: number }): Signal {
  const total = s.packetsReceived + s.packetsLost;
  const loss = total > 0 ? s.packetsLost / total : 0;
  return loss > 0.05 || s.jitter > 0.05 ? 'bad' : 'good';
}

export type SipPhoneOptions = {
  /** Seconds a call may ring before the phone gives up (no answer). */
  ringTimeoutSeconds?: number;
  /** Record calls in the browser (local and remote audio mixed). */
  record?: boolean;
  /** Element that plays the remote audio. */
  audio?: HTMLAudioElement | null;
};

export class SipPhone {
  private ua: UserAgent | null = null;
  private registerer: Registerer | null = null;
  private session: Session | null = null;
  private statsTimer: ReturnType<typeof setInterval> | null = null;
  private ringTimer: ReturnType<typeof setTimeout> | null = null;
  private recorder: MediaRecorder | null = null;
  private chunks: Blob[] = [];
  private audioContext: AudioContext | null = null;
  private credentials: SipCredentials | null = null;
  private listeners = new Set<(e: PhoneEvent) => void>();
  muted = false;
  held = false;
  lastStats: CallStats | null = null;

  constructor(private readonly options: SipPhoneOptions = {}) {
    // Tests read the phone from the page (getStats of the call).
    (globalThis as { __funilPhone?: SipPhone }).__funilPhone = this;
  }

  /** The element that plays the remote audio. */
  setAudio(audio: HTMLAudioElement | null) {
    this.options.audio = audio;
  }

  on(listener: (e: PhoneEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(e: PhoneEvent) {
    for (const l of this.listeners) l(e);
  }

  get registered(): boolean {
    return this.registerer?.state === RegistererState.Registered;
  }

  get inCall(): boolean {
    return this.session !== null;
  }

  /** 002 §4 'conectar': starts the user agent and registers the extension. */
  async connect(credentials: SipCredentials): Promise<void> {
    await this.disconnect();
    this.credentials = credentials;
    const uri = UserAgent.makeURI(`sip:${credentials.ramal}@${credentials.dominio}`);
    if (!uri) throw new Error('endereço SIP inválido');
    const ua = new UserAgent({
      uri,
      transportOptions: { server: credentials.ws_url, connectionTimeout: 5 },
      authorizationUsername: credentials.usuario,
      authorizationPassword: credentials.senha,
      displayName: String(credentials.ramal),
      logLevel: 'error',
      // A candidate that never completes would delay every call by the 5 s default.
      sessionDescriptionHandlerFactoryOptions: { iceGatheringTimeout: 500, peerConnectionConfiguration: { iceServers: [] } },
      delegate: {
        onDisconnect: (error) =>
          this.emit({ type: 'unregistered', motivo: error ? 'conexão com o servidor SIP perdida' : 'desconectado' }),
      },
    });
    this.ua = ua;
    await ua.start();
    const registerer = new Registerer(ua, { expires: 300 });
    this.registerer = registerer;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('o servidor SIP não respondeu ao registro')), 8000);
      registerer.stateChange.addListener((state) => {
        if (state === RegistererState.Registered) {
          clearTimeout(timer);
          this.emit({ type: 'registered' });
          resolve();
        } else if (state === RegistererState.Unregistered) {
          clearTimeout(timer);
          this.emit({ type: 'unregistered', motivo: 'registro recusado pelo servidor SIP' });
          reject(new Error('registro recusado pelo servidor SIP'));
        }
      });
      registerer
        .register({
          requestDelegate: {
            onReject: () => {
              clearTimeout(timer);
              reject(new Error('registro recusado pelo servidor SIP'));
            },
          },
        })
        .catch(reject);
    });
  }

  /** New short-lived credentials for the next re-REGISTER (they expire; the server renews them). */
  renew(credentials: SipCredentials) {
    this.credentials = credentials;
    if (this.ua) {
      this.ua.configuration.authorizationUsername = credentials.usuario;
      this.ua.configuration.authorizationPassword = credentials.senha;
    }
  }

  /** 002 §4 'desconectar'. */
  async disconnect(): Promise<void> {
    if (this.session) await this.hangup();
    const ua = this.ua;
    this.ua = null;
    if (this.registerer) await this.registerer.unregister().catch(() => undefined);
    this.registerer = null;
    if (ua) await ua.stop().catch(() => undefined);
  }

  /** 002 §4 'chamaNumero': dials `numero`; events report the call's progress and its end. */
  call(numero: string): string {
    if (!this.ua || !this.credentials) throw new Error('telefone desconectado');
    if (this.session) throw new Error('já existe uma chamada em andamento');
    const target = UserAgent.makeURI(`sip:${numero.replace(/\D/g, '')}@${this.credentials.dominio}`);
    if (!target) throw new Error('número inválido');
    const inviter = new Inviter(this.ua, target, {
      sessionDescriptionHandlerOptions: { constraints: { audio: true, video: false } },
    });
    const chamadaId = inviter.request.callId;
    this.session = inviter;
    this.muted = false;
    this.held = false;
    const startedAt = Date.now();
    let answeredAt: number | null = null;
    let sipStatus = 0;
    let reason = '';
    let endedBy: 'local' | 'remote' = 'remote';
    let ringTimedOut = false;
    const localHangup = () => {
      endedBy = 'local';
    };
    this.localHangupMark = localHangup;

    inviter.stateChange.addListener((state) => {
      if (state === SessionState.Established) {
        answeredAt = Date.now();
        sipStatus = 200;
        this.clearRing();
        this.attachMedia(inviter);
        this.emit({ type: 'answered' });
      } else if (state === SessionState.Terminated) {
        this.clearRing();
        void this.finish().then((recording) => {
          const now = Date.now();
          const answered = answeredAt !== null;
          const result: CallResult = {
            chamadaId,
            duracao: Math.round((now - startedAt) / 1000),
            duracaoFalada: answered ? Math.round((now - answeredAt!) / 1000) : 0,
            sipStatus,
            // The attendant hanging up a ringing call cancelled it; the ring timeout is no answer.
            statusChamada:
              !answered && endedBy === 'local' && !ringTimedOut
                ? CALL_STATUS_TEXT.cancelled
                : callStatusOfSip(sipStatus, answered),
            motivoDesconexao: answered
              ? endedBy === 'local'
                ? 'Desligada pelo atendente'
                : 'Desligada pelo contato'
              : !ringTimedOut && endedBy === 'local'
                ? 'Cancelada pelo atendente'
                : reason || callEndReasonOfSip(sipStatus),
            recording,
          };
          this.session = null;
          this.emit({ type: 'ended', result });
        });
      }
    });
    this.emit({ type: 'dialing', chamadaId });
    inviter
      .invite({
        requestDelegate: {
          onProgress: (r) => {
            if (r.message.statusCode === 180 || r.message.statusCode === 183) this.emit({ type: 'ringing' });
          },
          onReject: (r) => {
            sipStatus = r.message.statusCode ?? 0;
            // The reason in pt-BR, never the SIP reason phrase ('486 Busy Here'; issue 21).
            reason ||= callEndReasonOfSip(sipStatus);
          },
        },
      })
      .catch(() => {
        reason ||= 'Falha ao iniciar a ligação';
      });
    const ring = this.options.ringTimeoutSeconds ?? 30;
    this.ringTimer = setTimeout(() => {
      if (inviter.state === SessionState.Establishing || inviter.state === SessionState.Initial) {
        sipStatus = 487;
        reason = `Sem resposta em ${ring} s`;
        ringTimedOut = true;
        localHangup();
        void inviter.cancel().catch(() => undefined);
      }
    }, ring * 1000);
    return chamadaId;
  }

  private localHangupMark: (() => void) | null = null;

  private clearRing() {
    if (this.ringTimer) clearTimeout(this.ringTimer);
    this.ringTimer = null;
  }

  /** 002 §4 'hangup': cancels a ringing call or ends an answered one. */
  async hangup(): Promise<void> {
    const s = this.session;
    if (!s) return;
    this.localHangupMark?.();
    if (s.state === SessionState.Established) await s.bye().catch(() => undefined);
    else if (s instanceof Inviter && (s.state === SessionState.Establishing || s.state === SessionState.Initial))
      await s.cancel().catch(() => undefined);
  }

  private sdh(): Web.SessionDescriptionHandler | null {
    return (this.session?.sessionDescriptionHandler as Web.SessionDescriptionHandler | undefined) ?? null;
  }

  /** The call's RTCPeerConnection (tests read its statistics). */
  get peerConnection(): RTCPeerConnection | null {
    return this.sdh()?.peerConnection ?? null;
  }

  setMuted(muted: boolean) {
    this.sdh()?.enableSenderTracks(!muted);
    this.muted = muted;
  }

  /**
   * Hold and resume by re-INVITE (sendonly / sendrecv). SIP.js 0.21 holds through the session
   * description handler's `hold` option, which sets the transceiver's direction before the offer;
   * `Web.holdModifier` only rewrites the SDP text, and since modifiers also run on the answer it
   * turned the phone's `recvonly` into `inactive` (the call's audio never came back as sendonly).
   */
  async setHeld(held: boolean): Promise<void> {
    const s = this.session;
    if (!s || s.state !== SessionState.Established) return;
    const sessionDescriptionHandlerOptions: Web.SessionDescriptionHandlerOptions = { hold: held };
    await new Promise<void>((resolve, reject) => {
      s.invite({
        sessionDescriptionHandlerOptions,
        requestDelegate: {
          onAccept: () => resolve(),
          onReject: (r) => reject(new Error(`${r.message.statusCode} ${r.message.reasonPhrase}`)),
        },
      }).catch(reject);
    });
    this.held = held;
  }

  /** DTMF as RTP telephone-events (RFC 4733) through rtpengine. */
  sendDtmf(tone: string): boolean {
    return this.sdh()?.sendDtmf(tone, { duration: 120, interToneGap: 70 }) ?? false;
  }

  private attachMedia(session: Session) {
    const sdh = session.sessionDescriptionHandler as Web.SessionDescriptionHandler;
    const remote = sdh.remoteMediaStream;
    if (this.options.audio) {
      this.options.audio.srcObject = remote;
      void this.options.audio.play().catch(() => undefined);
    }
    if (this.options.record && typeof MediaRecorder !== 'undefined') {
      try {
        const ctx = new AudioContext();
        const out = ctx.createMediaStreamDestination();
        ctx.createMediaStreamSource(remote).connect(out);
        ctx.createMediaStreamSource(sdh.localMediaStream).connect(out);
        this.audioContext = ctx;
        this.chunks = [];
        const recorder = new MediaRecorder(out.stream, { mimeType: 'audio/webm' });
        recorder.ondataavailable = (e) => {
          if (e.data.size > 0) this.chunks.push(e.data);
        };
        recorder.start(1000);
        this.recorder = recorder;
      } catch {
        this.recorder = null;
      }
    }
    this.statsTimer = setInterval(() => void this.readStats(), 1000);
  }

  /** Reads inbound/outbound RTP statistics of the call (002 §4 stats_webphone). */
  async readStats(): Promise<CallStats | null> {
    const pc = this.peerConnection;
    if (!pc) return null;
    const report = await pc.getStats();
    const stats: CallStats = {
      packetsReceived: 0,
      packetsSent: 0,
      packetsLost: 0,
      jitter: 0,
      rtt: null,
      audioLevel: 0,
      sinal: 'good',
    };
    report.forEach((r: Record<string, unknown>) => {
      if (r.type === 'inbound-rtp' && r.kind === 'audio') {
        stats.packetsReceived += Number(r.packetsReceived ?? 0);
        stats.packetsLost += Number(r.packetsLost ?? 0);
        stats.jitter = Math.max(stats.jitter, Number(r.jitter ?? 0));
        stats.audioLevel = Math.max(stats.audioLevel, Number(r.audioLevel ?? 0));
      } else if (r.type === 'outbound-rtp' && r.kind === 'audio') {
        stats.packetsSent += Number(r.packetsSent ?? 0);
      } else if (r.type === 'remote-inbound-rtp' && typeof r.roundTripTime === 'number') {
        stats.rtt = r.roundTripTime;
      }
    });
    stats.sinal = signalOf(stats);
    this.lastStats = stats;
    this.emit({ type: 'stats', stats });
    return stats;
  }

  private async finish(): Promise<Blob | null> {
    if (this.statsTimer) clearInterval(this.statsTimer);
    this.statsTimer = null;
    const recorder = this.recorder;
    this.recorder = null;
    let blob: Blob | null = null;
    if (recorder && recorder.state !== 'inactive') {
      await new Promise<void>((resolve) => {
        recorder.onstop = () => resolve();
        recorder.stop();
      });
      blob = this.chunks.length > 0 ? new Blob(this.chunks, { type: 'audio/webm' }) : null;
    }
    await this.audioContext?.close().catch(() => undefined);
    this.audioContext = null;
    return blob;
  }
}
