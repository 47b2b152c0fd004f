import { HydrateApart } from '@/components/ui/hydrate-apart';
import { RecentEventsCarousel } from '@/features/events/components/recent-events-carousel';
import { ClosingCta } from '@/features/home/components/closing-cta';
import { Hero } from '@/features/home/components/hero';
import { Notices } from '@/features/home/components/notices';
import { Priests } from '@/features/home/components/priests';
import { TempleEvents } from '@/features/home/components/temple-events';
import { TempleInformation } from '@/features/home/components/temple-information';
import { TempleServices } from '@/features/home/components/temple-services';
import { VideoSection } from '@/features/home/components/video-section';
import { TodayLine } from '@/features/panchangam/components/today-line';
import { useAppConfig } from '@/lib/app-config';
import { useAuth } from '@/lib/auth';
import { useSite } from '@/lib/site';

/*
 * The page itself reads nothing: each part reads what it shows. Below the first screen each section
 * is hydrated on its own (HydrateApart), and a boundary whose parent renders again before it is
 * hydrated is hydrated at once, in one task; a parent with no state of its own never does.
 */
function HomeHero() {
  const { isAuthenticated } = useAuth();
  const { config, isLoading, templeName } = useAppConfig();
  const { settings } = useSite();
  return (
    <Hero
      templeName={settings?.templeName ?? config?.templeName ?? (isLoading ? null : templeName)}
      welcomeText={settings?.welcomeText}
      signedIn={isAuthenticated}
      today={<TodayLine />}
    />
  );
}

function HomeNotices() {
  return <Notices notices={useSite().notices} />;
}

function HomeVideo() {
  return <VideoSection settings={useSite().settings} />;
}

function HomeInformation() {
  return <TempleInformation settings={useSite().settings} />;
}

function HomeClosingCta() {
  return <ClosingCta signedIn={useAuth().isAuthenticated} />;
}

export default function HomeRoute() {
  return (
    <>
      <HomeHero />
      <HomeNotices />
      <HydrateApart>
        <HomeVideo />
      </HydrateApart>
      <HydrateApart>
        <RecentEventsCarousel />
      </HydrateApart>
      <HydrateApart>
        <TempleServices />
      </HydrateApart>
      <HydrateApart>
        <HomeInformation />
      </HydrateApart>
      <HydrateApart>
        <TempleEvents />
      </HydrateApart>
      <HydrateApart>
        <Priests />
      </HydrateApart>
      <HydrateApart>
        <HomeClosingCta />
      </HydrateApart>
    </>
  );
}
