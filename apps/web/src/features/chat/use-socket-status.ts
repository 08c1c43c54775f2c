// Whether the realtime socket is connected ('Servidor Conectado', 001 §2), and a way to reconnect it
// (clicking the chip, 001 §7 "A chat socket … reconnects when the chip is clicked").
import { useCallback, useSyncExternalStore } from 'react';

import { useSocket } from '../../lib/socket.ts';

export function useSocketStatus(): { connected: boolean; reconnect: () => void } {
  const socket = useSocket();
  const connected = useSyncExternalStore(
    (listener) => {
      socket?.on('connect', listener);
      socket?.on('disconnect', listener);
      return () => {
        socket?.off('connect', listener);
        socket?.off('disconnect', listener);
      };
    },
    () => socket?.connected ?? false,
  );
  const reconnect = useCallback(() => {
    if (!socket) return;
    socket.disconnect();
    socket.connect();
  }, [socket]);
  return { connected, reconnect };
}
