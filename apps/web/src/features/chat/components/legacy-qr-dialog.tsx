// 'Conectar Whatsapp' (001 §2 dialogs, §4 "Legacy WhatsApp session"): the session's QR (250 px,
// 001 §9), read again every 10 s by the chips' poll; it closes itself once connected.
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';

const QR_SIZE = 250;

export function LegacyQrDialog({ qrcode, onClose }: { qrcode: string | null; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} aria-labelledby="conectar-whatsapp">
      <DialogTitle id="conectar-whatsapp">Conectar Whatsapp</DialogTitle>
      <DialogContent>
        <Box sx={{ width: QR_SIZE, height: QR_SIZE, display: 'grid', placeItems: 'center', mx: 'auto' }}>
          {qrcode ? (
            <img src={qrcode} alt="QR Code do WhatsApp" width={QR_SIZE} height={QR_SIZE} />
          ) : (
            <CircularProgress aria-label="Gerando QRCode" />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5, textAlign: 'center', maxWidth: 320 }}>
          No celular, abra o WhatsApp › Aparelhos conectados › Conectar um aparelho e aponte para o código.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancelar</Button>
      </DialogActions>
    </Dialog>
  );
}
