import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { ReactNode } from 'react';
import { useSite } from '@/lib/site';
import { NoticesSection } from './notices-section';
import { PriestsSection } from './priests-section';
import { ServicesSection } from './services-section';
import { SiteSettingsSection } from './site-settings-section';

/**
 * Temple tab: the temple's own content (site settings, notices, recurring services, priests).
 * `festivals` is the festivals' section, composed by the page from its own feature and shown
 * after the recurring services.
 */
export function TempleTab({ festivals }: { festivals?: ReactNode } = {}) {
  const { settings, error, isLoading } = useSite();
  if (error) return <Alert severity="error">Failed to load the site settings: {error.message}</Alert>;
  if (isLoading || !settings) return <Skeleton variant="rounded" height={320} />;
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <SiteSettingsSection settings={settings} />
      <NoticesSection timeZone={settings.timeZone} />
      <ServicesSection />
      {festivals}
      <PriestsSection />
    </Box>
  );
}
