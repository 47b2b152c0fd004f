import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import * as yup from 'yup';
import { ApiError } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { completeSetup } from '../api/setup';

function degrees(min: number, max: number, message: string) {
  return yup.number().typeError(message).required(message).min(min, message).max(max, message);
}

const schema = yup.object({
  firstName: yup.string().trim().required('First name must be at least 2 characters').min(2, 'First name must be at least 2 characters'),
  lastName: yup.string().trim().required('Last name must be at least 2 characters').min(2, 'Last name must be at least 2 characters'),
  email: yup.string().trim().required('Invalid email address').email('Invalid email address'),
  password: yup.string().required('Password must be at least 6 characters').min(6, 'Password must be at least 6 characters'),
  templeName: yup.string().trim().required('Temple name must be 2 to 100 characters').min(2, 'Temple name must be 2 to 100 characters'),
  address: yup.string(),
  phone: yup.string(),
  templeEmail: yup.string().trim().email('Invalid email address'),
  timeZone: yup.string().required('Choose a time zone from the list (an IANA name such as America/Los_Angeles)'),
  // The temple's place for the panchangam; the server's messages (crates/domain/src/site.rs).
  latitude: degrees(-60, 60, 'Latitude must be a number of degrees from -60 to 60 (north is positive)'),
  longitude: degrees(-180, 180, 'Longitude must be a number of degrees from -180 to 180 (east is positive, west negative)'),
});

type Values = yup.InferType<typeof schema>;

function timeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['America/Los_Angeles'];
}

/** The first-run setup: the first admin's account and the temple's basics. */
export function SetupForm({ token, onDone }: { token: string; onDone: (email: string, password: string) => Promise<void> }) {
  const formik = useFormikValidatedOnSubmit<Values>({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      templeName: '',
      address: '',
      phone: '',
      templeEmail: '',
      timeZone: 'America/Los_Angeles',
      // Folsom, CA: the server's default place.
      latitude: 38.678,
      longitude: -121.1761,
    },
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      try {
        const done = await completeSetup({
          token,
          ...values,
          address: values.address ?? '',
          phone: values.phone ?? '',
          templeEmail: values.templeEmail ?? '',
          latitude: Number(values.latitude),
          longitude: Number(values.longitude),
        });
        await onDone(done.email, values.password);
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        helpers.setStatus(err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err));
      }
    },
  });
  const tz = textFieldProps(formik, 'timeZone');
  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2 }}>
      {typeof formik.status === 'string' ? <Alert severity="error">{formik.status}</Alert> : null}
      <Typography component="h2" variant="h6">
        Your admin account
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'firstName')} label="First name" autoComplete="given-name" />
        <TextField {...textFieldProps(formik, 'lastName')} label="Last name" autoComplete="family-name" />
      </Box>
      <TextField {...textFieldProps(formik, 'email')} label="E-mail" type="email" autoComplete="email" />
      <TextField {...textFieldProps(formik, 'password')} label="Password" type="password" autoComplete="new-password" />
      <Typography component="h2" variant="h6" sx={{ mt: 1 }}>
        The temple
      </Typography>
      <TextField {...textFieldProps(formik, 'templeName')} label="Temple name" />
      <TextField {...textFieldProps(formik, 'address', 'One line per line of the address')} label="Address" multiline minRows={2} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField {...textFieldProps(formik, 'phone')} label="Phone" autoComplete="tel" />
        <TextField {...textFieldProps(formik, 'templeEmail')} label="Temple e-mail" type="email" />
      </Box>
      <Autocomplete
        options={timeZones()}
        value={formik.values.timeZone || null}
        onChange={(_, v) => void formik.setFieldValue('timeZone', v ?? '')}
        renderInput={(params) => <TextField {...params} id="timeZone" name="timeZone" label="Time zone" error={tz.error} helperText={tz.helperText} />}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...textFieldProps(formik, 'latitude', 'Degrees north; for the panchangam’s sunrise and tithi times')}
          label="Latitude"
          type="number"
          slotProps={{ htmlInput: { step: 'any' } }}
        />
        <TextField
          {...textFieldProps(formik, 'longitude', 'Degrees east; west is negative')}
          label="Longitude"
          type="number"
          slotProps={{ htmlInput: { step: 'any' } }}
        />
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
        Create admin and finish setup
      </Button>
    </Box>
  );
}
