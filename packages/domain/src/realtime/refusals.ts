// What the realtime server (Socket.IO over Engine.IO at /socket.io) answers when it refuses a
// connection before any session is checked (issue 21 leftover): a bad handshake, an unknown
// transport or session id. Engine.IO's own texts are English ("Transport unknown", "Session ID
// unknown"...) and a browser shows them as the page of a /socket.io address; these replace them,
// one per Engine.IO error code (engine.io Server.errors). The web app never shows a refusal's text
// (it shows its own connection state); a refused session token answers HTTP_MESSAGES.unauthorized.
export const REALTIME_REFUSALS = {
  /** UNKNOWN_TRANSPORT: HTTP long-polling or another transport than WebSocket (issue 21 item 22). */
  0: 'Conexão em tempo real recusada: o navegador deve usar WebSocket.',
  /** UNKNOWN_SID: a connection id the server does not hold (a restart, another process). */
  1: 'Conexão em tempo real desconhecida. Recarregue a página.',
  /** BAD_HANDSHAKE_METHOD: a handshake that is not a GET. */
  2: 'Método de conexão em tempo real inválido.',
  /** BAD_REQUEST: a malformed handshake (transport mismatch, a bad upgrade). */
  3: 'Pedido de conexão em tempo real inválido.',
  /** FORBIDDEN: a handshake the server refuses. */
  4: 'Conexão em tempo real não permitida.',
  /** UNSUPPORTED_PROTOCOL_VERSION: an old client (Engine.IO protocol 3). */
  5: 'Versão do cliente de tempo real não suportada. Recarregue a página.',
} as const satisfies Record<0 | 1 | 2 | 3 | 4 | 5, string>;
