// The composer's message bar (002 §2.2 "the message bar", §4 "Composer"): up to 5 variants of the
// message (one picked per lead; beyond the spec, issue 13), each shown up to 5 lines, one media
// file, the preview for the first lead. While the chosen number is held by an unfinished campaign
// (issue 21: one at a time per number) the bar takes the in-progress style and says which campaign
// holds it, by its real status, with Pausar or Continuar and 'Parar envio' (Finalizar, confirmed
// first: it cannot be undone); the message stays editable, for another number or for later.
import Add from '@mui/icons-material/Add';
import AttachFile from '@mui/icons-material/AttachFile';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import StopCircle from '@mui/icons-material/StopCircle';
import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useRef, type ChangeEvent } from 'react';

import { checkPickedFiles, dialogKindOf } from '@funil/domain/whatsapp-api/media-picker';

import { MAX_VARIANTS, MESSAGE_ROWS } from '../composer-rules.ts';
import { MessagePreview } from './message-preview.tsx';

/**
 * The unfinished campaign that holds the chosen number (issue 21 item 10: one at a time per
 * number), by its real status, with the actions 002 §4 allows it.
 */
export type HoldingCampaign = {
  id: number;
  name: string;
  status: 'EM_ANDAMENTO' | 'PAUSADO';
  number: string | null;
  progress: string;
  bar: number;
  note: string | null;
};

type MessageBarProps = {
  variants: readonly string[];
  active: number;
  onActive: (index: number) => void;
  onChange: (variants: string[]) => void;
  media: File | null;
  onMedia: (file: File | null) => void;
  onMediaError: (message: string) => void;
  previewName: string | null;
  now: Date;
  holder: HoldingCampaign | null;
  onStatus: (id: number, status: 'PAUSADO' | 'EM_ANDAMENTO') => void;
  onStop: (id: number) => void;
  busy: boolean;
};

export function MessageBar({
  variants,
  active,
  onActive,
  onChange,
  media,
  onMedia,
  onMediaError,
  previewName,
  now,
  holder,
  onStatus,
  onStop,
  busy,
}: MessageBarProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  const current = variants[active] ?? '';
  const setCurrent = (text: string) => onChange(variants.map((v, i) => (i === active ? text : v)));

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length === 0) return;
    const error = checkPickedFiles(dialogKindOf(files[0]!), files);
    if (error) onMediaError(error);
    else onMedia(files[0]!);
  };

  return (
    <Paper
      square
      variant="outlined"
      component="section"
      aria-label="Barra de mensagem"
      sx={{ p: 1.5, ...(holder ? { bgcolor: 'warning.50', borderColor: 'warning.main' } : {}) }}
    >
      {holder && <HolderPanel holder={holder} onStatus={onStatus} onStop={onStop} busy={busy} />}
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Tabs
          value={Math.min(active, variants.length - 1)}
          onChange={(_e, value: number) => onActive(value)}
          variant="scrollable"
          sx={{ minHeight: 36, flex: 1 }}
          aria-label="Variações da mensagem"
        >
          {variants.map((_v, i) => (
            <Tab key={i} value={i} label={`Mensagem ${i + 1}`} sx={{ minHeight: 36, py: 0.5 }} />
          ))}
        </Tabs>
        <Tooltip title="Adicionar variação (uma é sorteada para cada lead)">
          <span>
            <IconButton
              aria-label="Adicionar variação"
              disabled={variants.length >= MAX_VARIANTS}
              onClick={() => {
                onChange([...variants, '']);
                onActive(variants.length);
              }}
            >
              <Add />
            </IconButton>
          </span>
        </Tooltip>
        {variants.length > 1 && (
          <Tooltip title="Remover esta variação">
            <IconButton
              aria-label="Remover variação"
              onClick={() => {
                onChange(variants.filter((_v, i) => i !== active));
                onActive(Math.max(0, active - 1));
              }}
            >
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'flex-end', gap: 1, mt: 1 }}>
        <TextField
          label="Mensagem"
          placeholder="Olá {{nome_do_cliente}}, tudo bem?"
          multiline
          minRows={2}
          maxRows={MESSAGE_ROWS}
          fullWidth
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          helperText="Variáveis: {{nome_do_cliente}}, {{data_atual}}, {{data_atual+i}}"
        />
        <input ref={fileRef} type="file" hidden data-testid="arquivo-midia" onChange={pick} />
        <Tooltip title="Anexar arquivo">
          <IconButton aria-label="Anexar arquivo" onClick={() => fileRef.current?.click()} sx={{ mb: 3 }}>
            <AttachFile />
          </IconButton>
        </Tooltip>
      </Stack>
      {media && (
        <Chip
          sx={{ mt: 1 }}
          icon={<AttachFile />}
          label={media.name}
          onDelete={() => onMedia(null)}
          aria-label={`Arquivo ${media.name}`}
        />
      )}
      {current.trim() !== '' && (
        <Box sx={{ mt: 1 }}>
          <MessagePreview message={current} clientName={previewName} now={now} />
        </Box>
      )}
    </Paper>
  );
}

const STATUS_WORD = { EM_ANDAMENTO: 'em andamento', PAUSADO: 'pausado' } as const;

function HolderPanel({
  holder,
  onStatus,
  onStop,
  busy,
}: {
  holder: HoldingCampaign;
  onStatus: MessageBarProps['onStatus'];
  onStop: MessageBarProps['onStop'];
  busy: boolean;
}) {
  return (
    <Box role="status" aria-label="Disparo que ocupa o número" sx={{ mb: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="disparo-ocupando">
            {holder.number ? `O número ${holder.number} está ocupado: ` : ''}disparo “{holder.name}” {STATUS_WORD[holder.status]}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={holder.bar}
            color="warning"
            sx={{ mt: 0.5 }}
            aria-label={`Progresso de ${holder.name}`}
          />
          <Typography variant="caption" color="text.secondary" component="p">
            {holder.progress}
          </Typography>
          {holder.note && (
            <Typography variant="caption" color="warning.dark" component="p">
              {holder.note}
            </Typography>
          )}
        </Box>
        <Stack direction="row" sx={{ gap: 1 }}>
          {holder.status === 'PAUSADO' ? (
            <Button
              variant="outlined"
              startIcon={<PlayArrow />}
              onClick={() => onStatus(holder.id, 'EM_ANDAMENTO')}
              disabled={busy}
            >
              Continuar
            </Button>
          ) : (
            <Button variant="outlined" startIcon={<Pause />} onClick={() => onStatus(holder.id, 'PAUSADO')} disabled={busy}>
              Pausar
            </Button>
          )}
          <Button color="error" variant="contained" startIcon={<StopCircle />} onClick={() => onStop(holder.id)} disabled={busy}>
            Parar envio
          </Button>
        </Stack>
      </Stack>
      <Typography variant="caption" component="p" sx={{ mt: 0.5 }}>
        Um número envia um disparo por vez: continue ou finalize este disparo{holder.number ? ', ou escolha outro número,' : ''}{' '}
        para enviar um novo.
      </Typography>
    </Box>
  );
}
