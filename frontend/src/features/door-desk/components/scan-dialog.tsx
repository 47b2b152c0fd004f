import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { DoorCheckIn } from '@/types/door';
import { postScan } from '../api/scan';
import type * as QrReaderModule from '../lib/qr-reader';
import { alreadyLine, doorErrorMessage, fullName, peopleLabel } from '../lib/door';

/** How often a camera frame is read for a QR code. */
export const SCAN_EVERY_MS = 150;
/** How long a result stays before the next code is read (family after family). */
export const RESULT_PAUSE_MS = 1500;
/** The same code held in front of the camera is not sent again within this time. */
const SAME_CODE_MS = 6000;
/** Frames are read at most this wide or high (a QR code on a phone's screen needs no more). */
const FRAME_MAX = 960;

type QrReader = typeof QrReaderModule;

type Result = { severity: 'success' | 'info' | 'error'; title: string; detail: string | null };

/** What a refused or missing camera means for the volunteer. */
function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') {
    return 'The camera was refused. Allow this site to use the camera in the browser’s settings, or search by name, phone or code instead.';
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'No camera was found on this device. Search by name, phone or code instead.';
  }
  if (name === 'NotReadableError' || name === 'TrackStartError' || name === 'AbortError') {
    return 'The camera is in use by another app or could not be started. Close the other app and try again.';
  }
  return 'The camera could not be started. Search by name, phone or code instead.';
}

function cameraAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

function describe(answer: DoorCheckIn): Result {
  const who = `${fullName(answer.entry)} \u00b7 ${peopleLabel(answer.entry.arrivedPeople ?? answer.entry.people)}`;
  return answer.already
    ? { severity: 'info', title: alreadyLine(answer.entry), detail: who }
    : { severity: 'success', title: 'Checked in', detail: who };
}

type Props = {
  eventId: string;
  onClose: () => void;
  /** A code checked in (or found checked in already). */
  onScanned: (answer: DoorCheckIn) => void;
};

/**
 * Scans confirmation QR codes with the device's camera (the back one where there is one): a frame
 * about every 150 ms is read in the browser; a code read is sent as-is to the door's scan, its
 * result shown for 1.5 s, then scanning goes on, so a volunteer scans family after family. The
 * camera stops when the dialog closes (it is shown while mounted).
 */
export default function ScanDialog({ eventId, onClose, onScanned }: Props) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  // The camera starts once the dialog's content (in a portal, mounted after the dialog) has its
  // video, and stops when the video goes (the dialog closes, or a problem is shown instead).
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [hasVideo, setHasVideo] = useState(false);
  const attachVideo = useCallback((element: HTMLVideoElement | null) => {
    videoRef.current = element;
    setHasVideo(element !== null);
  }, []);
  const [supported] = useState(cameraAvailable);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [sending, setSending] = useState(false);
  // The latest handler, so the camera's loop (started once) calls the current one.
  const onScannedRef = useRef(onScanned);
  useEffect(() => {
    onScannedRef.current = onScanned;
  }, [onScanned]);

  useEffect(() => {
    const video = videoRef.current;
    if (!supported || !hasVideo || !video) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', at: 0 };
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });

    async function send(code: string) {
      setSending(true);
      try {
        const answer = await postScan(eventId, { code });
        if (stopped) return;
        setResult(describe(answer));
        onScannedRef.current(answer);
      } catch (err) {
        if (!stopped) setResult({ severity: 'error', title: doorErrorMessage(err, 'The code could not be checked in. Please try again.'), detail: null });
      } finally {
        if (!stopped) setSending(false);
      }
    }

    async function start(video: HTMLVideoElement) {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch (err) {
        if (!stopped) setProblem(cameraProblem(err));
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      video.srcObject = stream;
      await video.play().catch(() => undefined);
      let reader: QrReader;
      try {
        reader = await import('../lib/qr-reader');
        await reader.loadQrReader();
      } catch {
        stream.getTracks().forEach((t) => t.stop());
        if (!stopped) setProblem('The QR code reader could not be loaded. Check the connection and try again, or search by name, phone or code instead.');
        return;
      }
      if (stopped) return;
      setScanning(true);
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) {
        stream.getTracks().forEach((t) => t.stop());
        setProblem('This browser cannot read the camera’s pictures. Search by name, phone or code instead.');
        return;
      }
      while (!stopped) {
        if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
          const scale = Math.min(1, FRAME_MAX / Math.max(video.videoWidth, video.videoHeight));
          canvas.width = Math.round(video.videoWidth * scale);
          canvas.height = Math.round(video.videoHeight * scale);
          context.drawImage(video, 0, 0, canvas.width, canvas.height);
          const text = await reader.readQrCode(context.getImageData(0, 0, canvas.width, canvas.height)).catch(() => null);
          const now = Date.now();
          if (text && !stopped && !(text === last.text && now - last.at < SAME_CODE_MS)) {
            last = { text, at: now };
            await send(text);
            if (!stopped) await wait(RESULT_PAUSE_MS);
            last = { text, at: Date.now() };
            continue;
          }
        }
        if (!stopped) await wait(SCAN_EVERY_MS);
      }
    }

    void start(video);
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
      video.srcObject = null;
    };
  }, [eventId, supported, hasVideo]);

  const failure = supported ? problem : 'This browser offers no camera here (the page must be opened over https, in a browser that allows the camera). Search by name, phone or code instead.';

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone} disableRestoreFocus>
      <DialogTitle id={titleId}>Scan QR code</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {failure ? (
          <Alert
            severity="warning"
            action={
              supported ? (
                <Button
                  color="inherit"
                  onClick={() => {
                    setProblem(null);
                    setScanning(false);
                  }}
                >
                  Try again
                </Button>
              ) : undefined
            }
          >
            {failure}
          </Alert>
        ) : (
          <>
            <Typography color="text.secondary">Hold the member’s check-in QR code in front of the camera.</Typography>
            <Box sx={{ position: 'relative', width: '100%', aspectRatio: '4 / 3', bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
              <Box
                component="video"
                ref={attachVideo}
                muted
                playsInline
                autoPlay
                aria-hidden="true"
                sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
              />
              <Box
                aria-hidden="true"
                sx={{ position: 'absolute', top: '50%', left: '50%', width: '55%', aspectRatio: '1', transform: 'translate(-50%, -50%)', border: 3, borderColor: 'primary.light', borderRadius: 2 }}
              />
              {!scanning ? (
                <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
                  <CircularProgress aria-label="Starting the camera" />
                </Box>
              ) : null}
            </Box>
          </>
        )}
        <Box role="status" aria-live="polite" sx={{ minHeight: 56 }}>
          {sending ? <Typography color="text.secondary">Checking the code…</Typography> : null}
          {!sending && result ? (
            <Alert severity={result.severity} role="none" variant="filled">
              <AlertTitle sx={{ mb: result.detail ? 0.5 : 0 }}>{result.title}</AlertTitle>
              {result.detail}
            </Alert>
          ) : null}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} variant="contained" sx={{ minHeight: 44 }}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
