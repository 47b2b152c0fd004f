import EmailOutlined from '@mui/icons-material/EmailOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  availabilityLabels,
  contactPreferenceLabels,
  labelOf,
  volunteerPreferenceLabels,
} from '@/lib/volunteer-labels';
import { useEventVolunteers } from '../api/events-admin';

/** 'Volunteer Management': every volunteer of the event with contact details (admin). */
export function VolunteerManagement({ eventId }: { eventId: string }) {
  const { volunteers, error, isLoading } = useEventVolunteers(eventId);
  return (
    <Box component="section" aria-labelledby="volunteer-management-heading">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography id="volunteer-management-heading" component="h3" variant="h6">
          Volunteer Management
        </Typography>
        {volunteers ? (
          <Chip
            size="small"
            label={`${volunteers.length} ${volunteers.length === 1 ? 'volunteer' : 'volunteers'}`}
          />
        ) : null}
      </Box>
      {isLoading ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Box>
      ) : error ? (
        <Alert severity="error">The volunteer list could not be loaded.</Alert>
      ) : !volunteers || volunteers.length === 0 ? (
        <Typography color="text.secondary">No volunteers have signed up yet.</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
          {volunteers.map((v) => (
            <Paper component="li" variant="outlined" key={v.id} sx={{ p: 1.5, display: 'grid', gap: 0.75 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600 }}>{v.name}</Typography>
                <Box sx={{ display: 'flex', gap: 0.75, flexWrap: 'wrap' }}>
                  <Chip size="small" label={labelOf(volunteerPreferenceLabels, v.volunteerPreference)} />
                  <Chip size="small" variant="outlined" label={labelOf(availabilityLabels, v.availability)} />
                  {v.needsCertificate ? <Chip size="small" color="info" variant="outlined" label="Certificate" /> : null}
                </Box>
              </Box>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', '& svg': { fontSize: 16, mr: 0.5, verticalAlign: 'text-bottom' } }}>
                <Link href={`tel:${v.contactNumber}`} variant="body2" underline="hover">
                  <PhoneOutlined />
                  {v.contactNumber}
                </Link>
                <Link href={`mailto:${v.contactEmail}`} variant="body2" underline="hover" sx={{ wordBreak: 'break-all' }}>
                  <EmailOutlined />
                  {v.contactEmail}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  Prefers: {labelOf(contactPreferenceLabels, v.contactPreference)}
                </Typography>
              </Box>
              {v.additionalNotes ? (
                <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line' }}>
                  {v.additionalNotes}
                </Typography>
              ) : null}
            </Paper>
          ))}
        </Box>
      )}
    </Box>
  );
}
