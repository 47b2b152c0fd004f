import { DEFAULT_VIDEO_TITLE } from '@/config/temple';
import type { SiteSettings } from '@/types/api';
import { PromoVideo } from './promo-video';
import { Section } from './section';

/** The promotional video; hidden while no video is set. */
export function VideoSection({ settings }: { settings: SiteSettings | undefined }) {
  if (!settings?.videoId) return null;
  return (
    <Section id="video" title="Experience Our Temple" subtitle="Recent Event Celebrations">
      <PromoVideo videoId={settings.videoId} start={settings.videoStart} title={settings.videoTitle || DEFAULT_VIDEO_TITLE} />
    </Section>
  );
}
