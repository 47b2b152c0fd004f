import type { SiteSettings } from '@/types/api';
import { t } from '../i18n';
import { PromoVideo } from './promo-video';
import { Section } from './section';

/** The promotional video; hidden while no video is set. */
export function VideoSection({ settings }: { settings: SiteSettings | undefined }) {
  if (!settings?.videoId) return null;
  return (
    <Section id="video" title={t('home.video.title')} subtitle={t('home.video.subtitle')}>
      <PromoVideo videoId={settings.videoId} start={settings.videoStart} title={settings.videoTitle || t('home.video.defaultTitle')} />
    </Section>
  );
}
