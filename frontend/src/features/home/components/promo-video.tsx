import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { useRef, useState, type PointerEvent } from 'react';
import { promoVideoUrl } from '@/lib/site';
import { t } from '../i18n';

export const MAX_TILT_DEG = 10;

/** Rotation for a pointer position inside a box: at most ±10 degrees on each axis. */
export function tiltFor(x: number, y: number, width: number, height: number): { rotateX: number; rotateY: number } {
  if (width <= 0 || height <= 0) return { rotateX: 0, rotateY: 0 };
  const px = Math.min(Math.max(x / width, 0), 1) - 0.5; // -0.5 .. 0.5
  const py = Math.min(Math.max(y / height, 0), 1) - 0.5;
  const round = (n: number) => Math.round(n * 100) / 100 + 0; // + 0 turns -0 into 0
  return { rotateX: round(-py * 2 * MAX_TILT_DEG), rotateY: round(px * 2 * MAX_TILT_DEG) };
}

/**
 * The promotional video (YouTube privacy-enhanced embed, starting where the settings say) in a card that tilts
 * with the pointer. Until the visitor presses play a light placeholder stands in for the player,
 * so the page loads no third-party script up front and still looks right offline.
 */
export function PromoVideo({ videoId, start, title }: { videoId: string; start: number; title: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [tilt, setTilt] = useState({ rotateX: 0, rotateY: 0, active: false });
  const [playing, setPlaying] = useState(false);

  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType === 'touch' || !ref.current) return;
    const rect = ref.current.getBoundingClientRect();
    setTilt({ ...tiltFor(e.clientX - rect.left, e.clientY - rect.top, rect.width, rect.height), active: true });
  };
  const onLeave = () => setTilt({ rotateX: 0, rotateY: 0, active: false });

  return (
    <Box sx={{ perspective: '1000px', maxWidth: 960, mx: 'auto' }}>
      <Box
        ref={ref}
        data-testid="promo-video-card"
        onPointerMove={onMove}
        onPointerLeave={onLeave}
        style={{
          transform: `rotateX(${tilt.rotateX}deg) rotateY(${tilt.rotateY}deg)`,
          transition: `transform ${tilt.active ? '0.15s' : '0.3s'} ease-out`,
        }}
        sx={{
          position: 'relative',
          aspectRatio: '16 / 9',
          borderRadius: 3,
          overflow: 'hidden',
          boxShadow: 8,
          transformStyle: 'preserve-3d',
          willChange: 'transform',
          '@media (prefers-reduced-motion: reduce)': { transform: 'none !important' },
        }}
      >
        {playing ? (
          <Box
            component="iframe"
            src={`${promoVideoUrl(videoId, start)}&autoplay=1`}
            title={title}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0, bgcolor: '#000' }}
          />
        ) : (
          <ButtonBase
            onClick={() => {
              setPlaying(true);
              onLeave();
            }}
            aria-label={t('home.video.play', { title })}
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              textAlign: 'center',
              color: '#ffffff',
              background:
                'radial-gradient(circle at 30% 25%, rgba(253,230,138,0.35), transparent 45%), linear-gradient(135deg, #7c2d12, #b45309)',
              '&:hover .play, &.Mui-focusVisible .play': { transform: 'scale(1.1)' },
              '&.Mui-focusVisible': { outline: '4px solid #fde68a', outlineOffset: '-4px' },
            }}
          >
            <Box>
              <PlayCircleOutlined className="play" sx={{ fontSize: { xs: 64, md: 88 }, transition: 'transform 0.2s' }} />
              <Typography sx={{ fontWeight: 600, fontSize: { xs: '1rem', md: '1.25rem' }, px: 2 }}>
                {title}
              </Typography>
            </Box>
          </ButtonBase>
        )}
      </Box>
    </Box>
  );
}
