// New-message alerts (001 §9, §6 "Notifications"): a sound on a new incoming non-group message and,
// when the tab is hidden, a browser notification; both follow the user's `notificacoes` setting.
import { useEffect, useRef } from 'react';

import { appMessageEvent } from '@funil/domain/realtime/events';
import { parseConfiguracoesUsuario } from '@funil/domain/unit/unit-data';
import type { AppMessagePayload } from '@funil/domain/whatsapp-api/realtime';

import { useSocketEvent } from '../../lib/socket.ts';
import { useLoadedUnitData } from '../../lib/unit-data.ts';

/** 001 §6: notifications are on unless the user turned them off. */
export function notificationsOn(configuracoes: string): boolean {
  return parseConfiguracoesUsuario(configuracoes).notificacoes !== false;
}

/** Whether a socket message deserves an alert: a new message from the lead (groups never reach the chat). */
export function isAlertable(payload: AppMessagePayload): boolean {
  return payload.action === 'create' && !payload.message.fromMe && payload.message.mediaType !== 'reaction';
}

let audioContext: AudioContext | null = null;

/** A short two-note chime made with Web Audio (no file to fetch). */
export function playMessageSound(): void {
  try {
    audioContext ??= new AudioContext();
    const ctx = audioContext;
    const now = ctx.currentTime;
    [880, 1320].forEach((frequency, index) => {
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      const start = now + index * 0.12;
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.25, start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.18);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.2);
    });
  } catch {
    // No audio device or autoplay refused before any click: the alert is only visual.
  }
}

/** Asks for the browser's permission once, when the user turns alerts on (a click). */
export function requestNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission();
}

function showBrowserNotification(payload: AppMessagePayload, onOpen: (leadId: number) => void): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const body = payload.message.body.trim() || 'Nova mensagem';
  const notification = new Notification(payload.contact.cli_nome, {
    body: body.slice(0, 140),
    tag: `lead-${payload.contact.cli_crm_id}`,
  });
  notification.onclick = () => {
    window.focus();
    onOpen(payload.contact.cli_crm_id);
    notification.close();
  };
}

/**
 * Mounted once in the shell for whoever may open a chat: rings on each new incoming message and
 * shows a browser notification while the tab is hidden; clicking it opens the lead's chat.
 */
export function useMessageAlerts(enabledForUser: boolean, onOpen: (leadId: number) => void): void {
  const unit = useLoadedUnitData();
  const on = enabledForUser && notificationsOn(unit.dados_usuario.configuracoes);
  const openRef = useRef(onOpen);
  useEffect(() => {
    openRef.current = onOpen;
  });
  useSocketEvent(appMessageEvent(unit.dados_unidade.idEmpresa), (payload) => {
    if (!on || !isAlertable(payload) || payload.contact.unidade !== unit.dados_unidade.id) return;
    playMessageSound();
    if (document.visibilityState === 'hidden') showBrowserNotification(payload, openRef.current);
  });
}
