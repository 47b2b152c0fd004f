import EventIcon from '@mui/icons-material/Event';
import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import { t } from '../i18n';
import { cacheBust, webpSrcSet } from '../lib/event-utils';

type Props = {
  src: string | null | undefined;
  alt: string;
  /** CSS aspect-ratio, 16 / 9 by default. */
  ratio?: string;
  children?: ReactNode;
  eager?: boolean;
  /**
   * How wide the image shows (`sizes`), so a phone loads a WebP copy of an uploaded picture at
   * its width rather than the upload: a card in the events grid by default.
   */
  sizes?: string;
};

/** A card in the three-column events grid of a `lg` container (1200 px). */
const CARD_SIZES = '(min-width: 1200px) 380px, (min-width: 600px) 50vw, 100vw';

/** Intrinsic size hints for an `aspect-ratio` like `16 / 9`: 1600 wide, the height to match. */
function intrinsic(ratio: string): { width: number; height: number } {
  const [w, h] = ratio.split('/').map((n) => Number(n.trim()));
  return w > 0 && h > 0 ? { width: 1600, height: Math.round((1600 * h) / w) } : { width: 1600, height: 900 };
}

/**
 * Event image with a 16:9 box. An uploaded picture comes as WebP at the width it shows, from the
 * server's copies (`srcset`). A failed load is retried once with a cache-busting parameter and
 * the picture as uploaded; after a second failure (or without an image) a placeholder icon is
 * shown.
 */
export function EventImage({ src, alt, ratio = '16 / 9', children, eager = false, sizes = CARD_SIZES }: Props) {
  const [state, setState] = useState<{ src: string | null | undefined; attempt: number }>({ src, attempt: 0 });
  // A new source resets the retry state.
  if (state.src !== src) {
    setState({ src, attempt: 0 });
  }
  const current = state.attempt === 1 && src ? cacheBust(src) : src;
  const failed = !src || state.attempt >= 2;
  const srcSet = state.attempt === 0 && current ? webpSrcSet(current) : undefined;

  return (
    <Box
      sx={{
        position: 'relative',
        aspectRatio: ratio,
        width: '100%',
        overflow: 'hidden',
        bgcolor: 'action.hover',
      }}
    >
      {failed ? (
        <Box
          role="img"
          aria-label={t('events.noImage', { name: alt })}
          sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center', color: 'text.secondary' }}
        >
          <EventIcon sx={{ fontSize: 56, opacity: 0.6 }} />
        </Box>
      ) : (
        <picture key={current ?? ''} style={{ display: 'contents' }}>
          {srcSet ? <source type="image/webp" srcSet={srcSet} sizes={sizes} /> : null}
          <Box
            component="img"
            src={current ?? undefined}
            alt={alt}
            // Explicit size (the box's ratio) so the layout never waits on the image.
            {...intrinsic(ratio)}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding="async"
            onError={() => setState((s) => ({ src, attempt: s.attempt + 1 }))}
            sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </picture>
      )}
      {children}
    </Box>
  );
}
