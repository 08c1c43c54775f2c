// Typed failure of a gateway call. `status` is the HTTP status (200 when the gateway reports
// an error in a 200 body, ref §3.2; 0 when no answer came back).

export type EvolutionErrorKind = 'http' | 'gateway' | 'network' | 'invalid-response';

export type NotOnWhatsapp = { jid: string; exists: false; number: string };

export class EvolutionError extends Error {
  readonly kind: EvolutionErrorKind;
  readonly status: number;
  readonly messages: unknown[];
  readonly path: string;

  constructor(kind: EvolutionErrorKind, status: number, messages: unknown[], path: string) {
    super(
      `Evolution ${path} failed (${status}): ${messages.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join('; ')}`,
    );
    this.name = 'EvolutionError';
    this.kind = kind;
    this.status = status;
    this.messages = messages;
    this.path = path;
  }

  // ref §3.7: a send to a number without WhatsApp answers 400 [{jid, exists:false, number}]
  get notOnWhatsapp(): NotOnWhatsapp[] {
    return this.messages.filter(
      (m): m is NotOnWhatsapp =>
        typeof m === 'object' &&
        m !== null &&
        (m as { exists?: unknown }).exists === false &&
        typeof (m as { jid?: unknown }).jid === 'string',
    );
  }
}
