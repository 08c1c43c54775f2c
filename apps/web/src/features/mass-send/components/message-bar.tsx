// The composer's message bar (002 §2.2 "the message bar", §4 "Composer"): up to 5 variants of the
// message (one picked per lead; beyond the spec, issue 13), each shown up to 5 lines, one media
// file, the preview for the first lead; while a campaign of the unit runs the bar takes the
// in-progress style and its button stops the send.
import { useRef, type ChangeEvent } from 'react';
import { Box, Button, Chip, IconButton, LinearProgress, Paper, Stack, Tab, Tabs, TextField, Tooltip, Typography } from '@mui/material';
import AttachFile from '@mui/icons-material/AttachFile';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import StopCircle from '@mui/icons-material/StopCircle';
import { checkPickedFiles, dialogKindOf } from '@funil/domain/whatsapp-api/media-picker';
import { MAX_VARIANTS, MESSAGE_ROWS } from '../composer-rules.ts';
import { MessagePreview } from './message-preview.tsx';

export type RunningCampaign = { id: number; name: string; sent: number; total: number };

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
  running: RunningCampaign | null;
  onStop: (id: number) => void;
  stopping: boolean;
};

export function MessageBar({ variants, active, onActive, onChange, media, onMedia, onMediaError, previewName, now, running, onStop, stopping }: MessageBarProps) {
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

  if (running) {
    const share = running.total > 0 ? (running.sent / running.total) * 100 : 0;
    return (
      <Paper square variant="outlined" component="section" aria-label="Barra de mensagem" sx={{ p: 1.5, bgcolor: 'warning.50', borderColor: 'warning.main' }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              Disparo em andamento: {running.name} — {running.sent} de {running.total}
            </Typography>
            <LinearProgress variant="determinate" value={share} color="warning" sx={{ mt: 0.5 }} aria-label="Progresso do disparo em andamento" />
          </Box>
          <Button color="error" variant="contained" startIcon={<StopCircle />} onClick={() => onStop(running.id)} disabled={stopping}>
            Parar envio
          </Button>
        </Stack>
      </Paper>
    );
  }

  return (
    <Paper square variant="outlined" component="section" aria-label="Barra de mensagem" sx={{ p: 1.5 }}>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <Tabs value={Math.min(active, variants.length - 1)} onChange={(_e, value: number) => onActive(value)} variant="scrollable" sx={{ minHeight: 36, flex: 1 }} aria-label="Variações da mensagem">
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
        <Chip sx={{ mt: 1 }} icon={<AttachFile />} label={media.name} onDelete={() => onMedia(null)} aria-label={`Arquivo ${media.name}`} />
      )}
      {current.trim() !== '' && (
        <Box sx={{ mt: 1 }}>
          <MessagePreview message={current} clientName={previewName} now={now} />
        </Box>
      )}
    </Paper>
  );
}
