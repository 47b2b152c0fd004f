import { RecentEventsCarousel } from '@/features/events/components/recent-events-carousel';
import { ClosingCta } from '@/features/home/components/closing-cta';
import { Hero } from '@/features/home/components/hero';
import { Priests } from '@/features/home/components/priests';
import { TempleEvents } from '@/features/home/components/temple-events';
import { TempleInformation } from '@/features/home/components/temple-information';
import { TempleServices } from '@/features/home/components/temple-services';
import { VideoSection } from '@/features/home/components/video-section';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';

export default function HomeRoute() {
  const { isAuthenticated } = useAuth();
  const { config, isLoading, templeName } = useAppConfig();
  return (
    <>
      <Hero templeName={config?.templeName ?? (isLoading ? null : templeName)} signedIn={isAuthenticated} />
      <VideoSection />
      <RecentEventsCarousel />
      <TempleServices />
      <TempleInformation />
      <TempleEvents />
      <Priests />
      <ClosingCta signedIn={isAuthenticated} />
    </>
  );
}
