import { RecentEventsCarousel } from '@/features/events/components/recent-events-carousel';
import { ClosingCta } from '@/features/home/components/closing-cta';
import { Hero } from '@/features/home/components/hero';
import { Notices } from '@/features/home/components/notices';
import { Priests } from '@/features/home/components/priests';
import { TempleEvents } from '@/features/home/components/temple-events';
import { TempleInformation } from '@/features/home/components/temple-information';
import { TempleServices } from '@/features/home/components/temple-services';
import { VideoSection } from '@/features/home/components/video-section';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { useSite } from '@/lib/site';

export default function HomeRoute() {
  const { isAuthenticated } = useAuth();
  const { config, isLoading, templeName } = useAppConfig();
  const { settings, notices } = useSite();
  return (
    <>
      <Hero
        templeName={settings?.templeName ?? config?.templeName ?? (isLoading ? null : templeName)}
        welcomeText={settings?.welcomeText}
        signedIn={isAuthenticated}
      />
      <Notices notices={notices} />
      <VideoSection settings={settings} />
      <RecentEventsCarousel />
      <TempleServices />
      <TempleInformation settings={settings} />
      <TempleEvents />
      <Priests />
      <ClosingCta signedIn={isAuthenticated} />
    </>
  );
}
