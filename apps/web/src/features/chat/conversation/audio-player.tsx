// 001 §4 "Audio player": loading, playing, paused, error ('Erro ao carregar áudio', 001 §8); skip
// 30 s back and forth, arrow keys move 5 s, volume 0 to 100.
import Forward30Icon from '@mui/icons-material/Forward30';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Replay30Icon from '@mui/icons-material/Replay30';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Box, CircularProgress, IconButton, Slider, Stack, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';

import { useMediaUrl } from '../api/messages-media.ts';

export const AUDIO_ERROR = 'Erro ao carregar áudio';
export const AUDIO_SKIP_SECONDS = 30;
export const AUDIO_ARROW_SECONDS = 5;

export type AudioState = 'loading' | 'paused' | 'playing' | 'error';

const clock = (seconds: number): string => {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function AudioPlayer({ url }: { url: string | null }) {
  const media = useMediaUrl(url);
  const audio = useRef<HTMLAudioElement>(null);
  const [playerState, setState] = useState<AudioState>('loading');
  const state: AudioState = media.error ? 'error' : playerState;
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState(100);

  useEffect(() => {
    if (audio.current) audio.current.volume = volume / 100;
  }, [volume]);

  const seek = (to: number) => {
    const el = audio.current;
    if (!el) return;
    const end = Number.isFinite(el.duration) ? el.duration : Infinity;
    el.currentTime = Math.max(0, Math.min(end, to));
    setTime(el.currentTime);
  };
  const toggle = () => {
    const el = audio.current;
    if (!el || state === 'error' || state === 'loading') return;
    if (el.paused) void el.play().catch(() => setState('error'));
    else el.pause();
  };

  return (
    <Stack
      data-testid="audio-player"
      data-state={state}
      tabIndex={0}
      role="group"
      aria-label="Reprodutor de áudio"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight') seek((audio.current?.currentTime ?? 0) + AUDIO_ARROW_SECONDS);
        else if (e.key === 'ArrowLeft') seek((audio.current?.currentTime ?? 0) - AUDIO_ARROW_SECONDS);
        else return;
        e.preventDefault();
      }}
      spacing={0.5}
      sx={{
        width: 280,
        outline: 'none',
        '&:focus-visible': { boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` },
        borderRadius: 1,
      }}
    >
      {media.src && (
        <audio
          ref={audio}
          src={media.src}
          preload="metadata"
          onLoadedMetadata={(e) => {
            setDuration(e.currentTarget.duration);
            setState('paused');
          }}
          onCanPlay={() => setState((s) => (s === 'loading' ? 'paused' : s))}
          onPlay={() => setState('playing')}
          onPause={() => setState('paused')}
          onEnded={() => setState('paused')}
          onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
          onDurationChange={(e) => setDuration(e.currentTarget.duration)}
          onError={() => setState('error')}
        />
      )}
      {state === 'error' ? (
        <Typography variant="body2" color="error">
          {AUDIO_ERROR}
        </Typography>
      ) : (
        <Stack sx={{ alignItems: 'center' }} direction="row" spacing={0.5}>
          <IconButton
            size="small"
            aria-label={`Voltar ${AUDIO_SKIP_SECONDS} segundos`}
            onClick={() => seek(time - AUDIO_SKIP_SECONDS)}
            disabled={state === 'loading'}
          >
            <Replay30Icon fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={state === 'playing' ? 'Pausar' : 'Reproduzir'}
            onClick={toggle}
            disabled={state === 'loading'}
          >
            {state === 'loading' ? (
              <CircularProgress size={18} aria-label="Carregando áudio" />
            ) : state === 'playing' ? (
              <PauseIcon />
            ) : (
              <PlayArrowIcon />
            )}
          </IconButton>
          <IconButton
            size="small"
            aria-label={`Avançar ${AUDIO_SKIP_SECONDS} segundos`}
            onClick={() => seek(time + AUDIO_SKIP_SECONDS)}
            disabled={state === 'loading'}
          >
            <Forward30Icon fontSize="small" />
          </IconButton>
          <Slider
            size="small"
            aria-label="Posição"
            min={0}
            max={Number.isFinite(duration) && duration > 0 ? duration : 1}
            step={0.1}
            value={Math.min(time, Number.isFinite(duration) && duration > 0 ? duration : 1)}
            onChange={(_, v) => seek(v as number)}
            sx={{ mx: 1, flex: 1 }}
          />
        </Stack>
      )}
      {state !== 'error' && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pl: 1 }}>
          <Typography variant="caption" color="text.secondary" sx={{ minWidth: 70 }}>
            {clock(time)} / {clock(duration)}
          </Typography>
          <VolumeUpIcon fontSize="small" color="action" />
          <Box sx={{ flex: 1, pr: 1 }}>
            <Slider
              size="small"
              aria-label="Volume"
              min={0}
              max={100}
              value={volume}
              onChange={(_, v) => setVolume(v as number)}
            />
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
