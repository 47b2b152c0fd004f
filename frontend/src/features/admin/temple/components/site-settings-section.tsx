import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useFormikValidatedOnSubmit, textFieldProps } from '@/lib/form';
import type { SiteSettings } from '@/types/api';
import { useSaveSiteSettings } from '../api/site';
import { siteSettingsSchema } from '../schemas';

/** The IANA zones the browser knows (the server checks against the tz database). */
function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['America/Los_Angeles'];
}

function Group({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
      <Box>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {description ? (
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>{children}</Box>
    </Box>
  );
}

/** "Site settings": every setting of the temple in one form; empty fields hide their part of the site. */
export function SiteSettingsSection({ settings }: { settings: SiteSettings }) {
  const save = useSaveSiteSettings();
  const { toast } = useToast();
  const formik = useFormikValidatedOnSubmit<SiteSettings>({
    initialValues: settings,
    enableReinitialize: true,
    validationSchema: siteSettingsSchema,
    onSubmit: async (values, helpers) => {
      try {
        const saved = await save({ ...values, videoStart: Number(values.videoStart) || 0, latitude: Number(values.latitude), longitude: Number(values.longitude) });
        helpers.resetForm({ values: saved });
        toast({ title: 'Site settings saved', description: 'Visitors see the changes at once.' });
      } catch (err) {
        if (err instanceof ApiError && err.fieldErrors) helpers.setErrors(err.fieldErrors);
        const reason = err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err);
        toast({ title: 'Error', description: `Failed to save site settings: ${reason}`, variant: 'destructive' });
      }
    },
  });
  const field = (name: keyof SiteSettings, label: string, helper?: string, wide = false) => (
    <TextField {...textFieldProps(formik, name, helper)} label={label} fullWidth sx={wide ? { gridColumn: '1 / -1' } : undefined} />
  );
  const degrees = (name: 'latitude' | 'longitude', label: string, helper: string) => (
    <TextField {...textFieldProps(formik, name, helper)} label={label} type="number" fullWidth slotProps={{ htmlInput: { step: 'any' } }} />
  );
  const multiline = (name: keyof SiteSettings, label: string, helper?: string) => (
    <TextField {...textFieldProps(formik, name, helper)} label={label} fullWidth multiline minRows={3} sx={{ gridColumn: '1 / -1' }} />
  );
  const tz = textFieldProps(formik, 'timeZone', 'Used for notices, recurring events, e-mails and calendars');

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h2" variant="h5" gutterBottom>
          Site settings
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          What visitors read about the temple. Leave a field empty to hide it.
        </Typography>
        <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 4 }}>
          <Group title="Temple">
            {field('templeName', 'Temple name')}
            {field('shortName', 'Short name')}
            {field('tagline', 'Tagline', 'Shown in the footer', true)}
            {multiline('welcomeText', 'Welcome text', 'The home page’s introduction')}
            {field('legalName', 'Legal name', 'For receipts')}
            {field('ein', 'EIN', 'For receipts, e.g. 12-3456789')}
            <Autocomplete
              options={timeZones()}
              value={formik.values.timeZone || null}
              onChange={(_, v) => void formik.setFieldValue('timeZone', v ?? '')}
              renderInput={(params) => (
                <TextField {...params} id="timeZone" name="timeZone" label="Time zone" error={tz.error} helperText={tz.helperText} />
              )}
              sx={{ gridColumn: '1 / -1' }}
            />
            {degrees('latitude', 'Latitude', 'Degrees north; for the panchangam’s sunrise and tithi times')}
            {degrees('longitude', 'Longitude', 'Degrees east; west is negative')}
          </Group>
          <Group title="Contact">
            {multiline('address', 'Address', 'One line per line of the address')}
            {field('mapQuery', 'Map search', 'What the map searches for; the address when empty', true)}
            {field('phone', 'Phone')}
            {field('email', 'E-mail')}
            {field('facebookUrl', 'Facebook link')}
            {field('instagramUrl', 'Instagram link')}
            {field('youtubeUrl', 'YouTube link')}
            {field('xUrl', 'X link')}
            {multiline('contactText', 'Contact page text')}
          </Group>
          <Group title="Temple Hours" description="Shown in the hours card as written, e.g. 9:30 AM - 11:30 AM.">
            {field('weekdayMorning', 'Weekdays morning')}
            {field('weekdayEvening', 'Weekdays evening')}
            {field('weekendMorning', 'Weekends morning')}
            {field('weekendEvening', 'Weekends evening')}
            {field('sayanostavam', 'Sayanostavam (every day)', 'e.g. 8:15 PM')}
            {multiline('hoursNote', 'Special closing times', 'Shown under the hours')}
          </Group>
          <Group title="Promotional video">
            {field('videoId', 'YouTube video', 'A video id or a YouTube link')}
            <TextField {...textFieldProps(formik, 'videoStart', 'Seconds')} label="Starts at" type="number" fullWidth />
            {field('videoTitle', 'Video title', undefined, true)}
          </Group>
          <Group title="Zelle" description="Shown to donors who pay by Zelle.">
            {field('zelleRecipient', 'Zelle recipient', 'An e-mail address or a phone number')}
            {field('zelleMemo', 'Zelle memo')}
          </Group>
          <Group title="Counter">
            <TextField
              {...textFieldProps(formik, 'receiptPaper', 'What the counter’s receipts are laid out for; a tablet can choose its own')}
              select
              label="Receipt printer"
              fullWidth
            >
              <MenuItem value="page">A4 or Letter</MenuItem>
              <MenuItem value="thermal">80 mm receipt printer</MenuItem>
            </TextField>
          </Group>
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={formik.isSubmitting}
              startIcon={formik.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              Save site settings
            </Button>
          </Box>
        </Box>
      </CardContent>
    </Card>
  );
}
