// The softphone control bar of /webphone (002 §2.1, §4): the phone's status and signal, the
// queue's controls and counter, the current contact and the call's controls (hang up, mute, hold,
// DTMF keypad). The 002 §4 reducer decides what each button may do.
import Call from '@mui/icons-material/Call';
import CallEnd from '@mui/icons-material/CallEnd';
import Dialpad from '@mui/icons-material/Dialpad';
import Mic from '@mui/icons-material/Mic';
import MicOff from '@mui/icons-material/MicOff';
import Pause from '@mui/icons-material/Pause';
import PhonePaused from '@mui/icons-material/PhonePaused';
import PlayArrow from '@mui/icons-material/PlayArrow';
import SignalCellularAlt from '@mui/icons-material/SignalCellularAlt';
import SignalCellularConnectedNoInternet0Bar from '@mui/icons-material/SignalCellularConnectedNoInternet0Bar';
import SkipNext from '@mui/icons-material/SkipNext';
import Stop from '@mui/icons-material/Stop';
import { Box, Button, Chip, IconButton, Paper, Popover, Stack, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';

import { formatDateTime } from '@funil/domain/format/date';
import { formatPhoneDisplay } from '@funil/domain/phone/phone';
import {
  canContinue,
  canPause,
  canStart,
  canStop,
  inCall,
  type CallStatus,
  type ControlMode,
} from '@funil/domain/webphone/call-queue';
import { WEBPHONE_MESSAGES } from '@funil/domain/webphone/webphone-api';

import type { WebphoneController } from './use-webphone.ts';

const CONTROL_TEXT: Record<ControlMode, string> = {
  stopped: 'Fila parada',
  processing: 'Processando',
  searching: 'Buscando contatos',
  running: 'Fila em andamento',
  waiting: 'Aguardando contatos',
  paused: 'Fila pausada',
  single: 'Ligação avulsa',
};
const CALL_TEXT: Record<CallStatus, string> = {
  free: 'Livre',
  preparing: 'Preparando ligação',
  calling: 'Chamando',
  talking: 'Em conversa',
  ended: 'Ligação encerrada',
  searching: 'Buscando',
  processing: 'Processando',
  waiting: 'Aguardando',
  paused: 'Pausado',
};
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

export function SoftphoneBar({ phone }: { phone: WebphoneController }) {
  const { state, dispatch } = phone;
  const [keypad, setKeypad] = useState<HTMLElement | null>(null);
  const [typed, setTyped] = useState('');
  const connected = state.statusPhone === 'connected';
  const calling = inCall(state);
  const contact = state.contatoCall;
  const callText =
    state.statusCall === 'calling' && phone.ringing
      ? 'Tocando'
      : state.statusCall === 'talking' && phone.held
        ? 'Em espera'
        : state.statusCall === 'ended' && phone.outcome
          ? `${CALL_TEXT.ended}: ${phone.outcome}`
          : CALL_TEXT[state.statusCall];

  return (
    <Paper sx={{ p: 1.5 }} aria-label="Controle de ligações" component="section">
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1.5} sx={{ alignItems: { lg: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          <Chip
            data-testid="phone-status"
            color={connected ? 'success' : 'default'}
            icon={connected && state.sinal === 'good' ? <SignalCellularAlt /> : <SignalCellularConnectedNoInternet0Bar />}
            label={
              connected
                ? `Telefone conectado${phone.ramal ? ` · ramal ${phone.ramal}` : ''}`
                : `Telefone desconectado${state.motivoDesconexao ? `: ${state.motivoDesconexao}` : ''}`
            }
            sx={{ maxWidth: { xs: '100%', lg: 420 } }}
          />
          {connected && calling ? (
            <Chip
              size="small"
              data-testid="signal"
              variant="outlined"
              color={state.sinal === 'good' ? 'success' : 'warning'}
              label={`Sinal ${state.sinal === 'good' ? 'bom' : 'ruim'}`}
            />
          ) : null}
          {!connected ? (
            <Button size="small" onClick={phone.reconnect}>
              Reconectar
            </Button>
          ) : null}
        </Stack>

        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          {state.statusControlaLead === 'stopped' ? (
            <Button
              variant="contained"
              startIcon={<PlayArrow />}
              disabled={!canStart(state)}
              onClick={() => dispatch({ type: 'start' })}
            >
              Iniciar Fila
            </Button>
          ) : null}
          {state.statusControlaLead === 'paused' || state.statusControlaLead === 'waiting' ? (
            <Button
              variant="contained"
              startIcon={<PlayArrow />}
              disabled={!canContinue(state)}
              onClick={() => dispatch({ type: 'continue' })}
            >
              Continuar
            </Button>
          ) : null}
          {state.statusControlaLead !== 'stopped' &&
          state.statusControlaLead !== 'paused' &&
          state.statusControlaLead !== 'single' ? (
            <Button
              variant="outlined"
              startIcon={<Pause />}
              disabled={!canPause(state)}
              onClick={() => dispatch({ type: 'pause' })}
            >
              Pausar
            </Button>
          ) : null}
          {state.statusControlaLead !== 'stopped' && state.statusControlaLead !== 'single' ? (
            <Button
              variant="outlined"
              color="error"
              startIcon={<Stop />}
              disabled={!canStop(state)}
              onClick={() => dispatch({ type: 'stop' })}
            >
              Stop Fila
            </Button>
          ) : null}
          {state.statusControlaLead === 'running' && !calling ? (
            <Button variant="outlined" startIcon={<SkipNext />} onClick={() => dispatch({ type: 'next' })}>
              Próximo contato
            </Button>
          ) : null}
        </Stack>

        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="body2" data-testid="queue-status" sx={{ fontWeight: 600 }}>
            {CONTROL_TEXT[state.statusControlaLead]} · <span data-testid="call-status">{callText}</span>
            {state.contador > 0 ? <span data-testid="counter"> · {state.contador} s</span> : null}
          </Typography>
          {state.statusControlaLead === 'waiting' && state.foraDoHorario ? (
            <Typography variant="body2" color="warning.main" data-testid="call-hours-wait">
              {state.foraDoHorario.ate
                ? `${WEBPHONE_MESSAGES.outsideHours} Aguardando até ${formatDateTime(state.foraDoHorario.ate)}.`
                : `${WEBPHONE_MESSAGES.outsideHours} Nenhum dia com horário de ligação configurado.`}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" noWrap data-testid="current-contact">
            {contact
              ? `${contact.cli_nome} · ${formatPhoneDisplay(contact.cli_telefone)}`
              : state.filaLead.length > 0
                ? `${state.filaLead.length} na fila`
                : 'Nenhum contato em ligação'}
          </Typography>
        </Box>

        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Tooltip title={calling ? 'Desligar' : state.statusControlaLead === 'single' ? 'Parar ligação avulsa' : 'Sem ligação'}>
            <span>
              <IconButton
                aria-label={calling ? 'Desligar' : 'Ligação'}
                color={calling ? 'error' : 'default'}
                disabled={!calling && state.statusControlaLead !== 'single'}
                onClick={() => dispatch({ type: 'click' })}
                sx={{
                  bgcolor: calling ? 'error.main' : undefined,
                  color: calling ? 'common.white' : undefined,
                  '&:hover': { bgcolor: calling ? 'error.dark' : undefined },
                }}
              >
                {calling ? <CallEnd /> : <Call />}
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={phone.muted ? 'Ativar microfone' : 'Mudo'}>
            <span>
              <IconButton
                aria-label={phone.muted ? 'Ativar microfone' : 'Mudo'}
                aria-pressed={phone.muted}
                disabled={state.statusCall !== 'talking'}
                onClick={() => phone.setMuted(!phone.muted)}
              >
                {phone.muted ? <MicOff /> : <Mic />}
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={phone.held ? 'Retomar' : 'Em espera'}>
            <span>
              <IconButton
                aria-label={phone.held ? 'Retomar' : 'Em espera'}
                aria-pressed={phone.held}
                disabled={state.statusCall !== 'talking'}
                onClick={() => void phone.setHeld(!phone.held)}
              >
                {phone.held ? <PlayArrow /> : <PhonePaused />}
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title="Teclado">
            <span>
              <IconButton
                aria-label="Teclado"
                disabled={state.statusCall !== 'talking'}
                onClick={(e) => setKeypad(e.currentTarget)}
              >
                <Dialpad />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      </Stack>
      <Popover
        open={keypad !== null}
        anchorEl={keypad}
        onClose={() => setKeypad(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ p: 1.5, width: 200 }}>
          <Typography
            variant="body2"
            data-testid="dtmf-typed"
            sx={{ minHeight: 24, textAlign: 'center', fontFamily: 'monospace', letterSpacing: 2 }}
          >
            {typed}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 0.5 }}>
            {KEYS.map((k) => (
              <Button
                key={k}
                variant="outlined"
                aria-label={`Tecla ${k}`}
                onClick={() => {
                  phone.sendDtmf(k);
                  setTyped((t) => (t + k).slice(-16));
                }}
              >
                {k}
              </Button>
            ))}
          </Box>
        </Box>
      </Popover>
    </Paper>
  );
}
