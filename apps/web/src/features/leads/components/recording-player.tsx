// issue 12 "The timeline plays the recording": a call event with url_gravacao shows a player. The
// recording is served by an authorised route (GET webphone/gravacao/{id}, the lead door decides),
// so it is fetched with the session's token when asked for and played from an object URL.
import PlayCircle from '@mui/icons-material/PlayCircle';
import { Box, Button, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';

import { ApiError } from '../../../lib/api-error.ts';
import { authorizedBlobUrl, ownRecordingPath } from '../../../lib/http-client.ts';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready'; src: string } | { kind: 'error'; message: string };

export function RecordingPlayer({ url }: { url: string }) {
  const path = ownRecordingPath(url);
  const [state, setState] = useState<State>({ kind: 'idle' });
  // The object URL lives as long as the row.
  useEffect(
    () => () => {
      if (state.kind === 'ready') URL.revokeObjectURL(state.src);
    },
    [state],
  );

  // A recording kept elsewhere (a provider's link): opened by the browser, never sent our token.
  if (!path) {
    return /^https?:\/\//.test(url) ? (
      <Link href={url} target="_blank" rel="noopener noreferrer" variant="body2">
        Abrir gravação
      </Link>
    ) : null;
  }
  const load = () => {
    setState({ kind: 'loading' });
    authorizedBlobUrl(path)
      .then((src) => setState({ kind: 'ready', src }))
      .catch((cause: unknown) =>
        setState({ kind: 'error', message: cause instanceof ApiError ? cause.message : 'Gravação indisponível.' }),
      );
  };
  return (
    <Box sx={{ mt: 0.5 }} data-testid="call-recording">
      {state.kind === 'ready' ? (
        <audio
          controls
          autoPlay
          src={state.src}
          aria-label="Gravação da ligação"
          style={{ width: '100%', maxWidth: 360, height: 36 }}
        />
      ) : (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Button
            size="small"
            variant="outlined"
            startIcon={state.kind === 'loading' ? <CircularProgress size={14} /> : <PlayCircle />}
            disabled={state.kind === 'loading'}
            onClick={load}
          >
            Ouvir gravação
          </Button>
          {state.kind === 'error' && (
            <Typography variant="caption" color="error" role="alert">
              {state.message}
            </Typography>
          )}
        </Stack>
      )}
    </Box>
  );
}
