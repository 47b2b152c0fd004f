import QrCode2 from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { formatDate, formatTime } from '@/lib/format';
import { useCheckInQr, type UserEventWithCode } from '../api/get-user-events';
import { t } from '../i18n';

/** The QR code's SVG document as an image address (black on white, drawn by the server). */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

type Props = { item: UserEventWithCode; onClose: () => void };

/**
 * A registration's check-in code, to show at the door: its QR code (on white, with the quiet zone
 * a scanner needs, in dark mode too) and the code in large letters for a desk to type. Shown while
 * mounted (loaded with the first opening).
 */
export default function CheckInCodeDialog({ item, onClose }: Props) {
  const titleId = useId();
  const { event, attendee } = item;
  const { svg, error, isLoading } = useCheckInQr(event.id);
  const frame = { display: 'block', width: 'min(100%, 280px)', aspectRatio: '1', borderRadius: 1 };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {/* An icon here also keeps this lazy chunk from splitting MUI's shared transition helpers out of the entry's icon chunk (npm run size). */}
        <QrCode2 color="primary" aria-hidden="true" />
        {t('events.checkIn.title')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', justifyItems: 'center', gap: 1.5, textAlign: 'center' }}>
        <Box>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{event.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(event.eventDate)} · {formatTime(event.eventDate)}
          </Typography>
        </Box>
        {svg ? (
          <Box
            component="img"
            src={qrImageSrc(svg)}
            alt={t('events.checkIn.qrAlt', { name: event.name })}
            sx={{ ...frame, p: 2, bgcolor: '#fff', border: 1, borderColor: 'divider' }}
          />
        ) : isLoading ? (
          <Skeleton variant="rectangular" aria-label={t('events.checkIn.qrLoading')} role="status" sx={{ ...frame, height: 'auto' }} />
        ) : error ? (
          <Typography role="alert" color="text.secondary">
            {t('events.checkIn.qrError')}
          </Typography>
        ) : null}
        <Typography
          component="p"
          sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', fontSize: { xs: '2rem', sm: '2.25rem' }, fontWeight: 700, letterSpacing: '0.12em' }}
          data-testid="confirmation-code"
        >
          {attendee.confirmationCode}
        </Typography>
        <Typography color="text.secondary">{t('events.checkIn.showAtDoor')}</Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} variant="contained" sx={{ minHeight: 44 }}>
          {t('events.checkIn.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
