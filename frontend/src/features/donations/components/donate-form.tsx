import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '@/lib/auth';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { formatUSD } from '@/lib/format';
import type { DonationDetail, Fund } from '@/types/api';
import { useDonationTypes } from '../api/get-donation-types';
import { t } from '../i18n';
import {
  amountInputValue,
  buildDonationDetails,
  fundLine,
  fundPurpose,
  OTHER_DEFAULT_AMOUNT,
  OTHER_PURPOSE,
  parseAmount,
} from '../lib/amounts';
import { guestDonateSchema, memberDonateSchema, type DonateValues } from '../schemas';

export type DonateSubmission = {
  amount: number;
  donationTypeId: string;
  notes: string;
  donationDetails: DonationDetail[];
  /** The purpose's display name. */
  purposeName: string;
  /** What the payment step sends: a guest's name, e-mail and address; anyone's in-honor line. */
  donor: { donorName?: string; donorEmail?: string; donorAddress?: string; inHonorOf?: string };
  /** Who the receipt names and where it goes (the guest's fields, or the member's profile). */
  donorName: string;
  donorEmail: string;
};

type Props = {
  initialValues?: Partial<DonateValues>;
  /**
   * The active fund the donor came to give to (the page's `?fund=`, from the fund's page), once
   * known; null or absent for the plain donate page.
   */
  fund?: Pick<Fund, 'id' | 'name'> | null;
  onSubmit: (submission: DonateSubmission) => void;
};

/**
 * /donate step 1: amount, purpose (the active donation types plus 'Other'), notes and the donor:
 * a guest's name and e-mail (required) and optional mailing address; a member's come from the
 * profile. Anyone may add an "in honor / in memory of" line.
 * Choosing 'Other' sets 101 when the amount is empty or 0; choosing a type with a default amount
 * fills the amount in.
 *
 * With a `fund`, the purpose starts as that fund's gift, as if chosen by hand (unless the donor
 * has already chosen one): the first active type that goes to the fund, else an added purpose
 * named after the fund (a custom line choosing the fund, its amount as for 'Other'); a line under
 * the purpose says where the gift goes while a purpose of that fund is chosen.
 */
export function DonateForm({ initialValues, fund = null, onSubmit }: Props) {
  const { donationTypes, isLoading, error } = useDonationTypes({ tolerate401: true });
  const { user } = useAuth();
  // The fund's own type, if it has one; else the fund is a purpose of its own.
  const fundType = fund ? (donationTypes.find((dt) => dt.fundId === fund.id) ?? null) : null;
  const fundOption = fund && !fundType ? fund : null;

  const formik = useFormikValidatedOnSubmit<DonateValues>({
    initialValues: {
      amount: '',
      donationTypeId: '',
      notes: '',
      donorName: '',
      donorEmail: '',
      donorAddress: '',
      inHonorOf: '',
      ...initialValues,
    },
    validationSchema: user ? memberDonateSchema : guestDonateSchema,
    onSubmit: (values) => {
      const amount = Math.round(Number(values.amount) * 100) / 100;
      const type = donationTypes.find((dt) => dt.id === values.donationTypeId) ?? null;
      const toFund = fundOption && values.donationTypeId === fundPurpose(fundOption.id) ? fundOption : null;
      const inHonorOf = values.inHonorOf.trim();
      const donor = user
        ? { inHonorOf }
        : {
            donorName: values.donorName.trim(),
            donorEmail: values.donorEmail.trim(),
            donorAddress: values.donorAddress.trim(),
            inHonorOf,
          };
      onSubmit({
        amount,
        donationTypeId: values.donationTypeId,
        notes: values.notes.trim(),
        // The line's name is stored by the server (English, as data); the purpose's name is shown.
        donationDetails: buildDonationDetails(type, amount, toFund?.name ?? 'Other', toFund?.id),
        purposeName: type?.name ?? toFund?.name ?? t('donations.form.other'),
        donor,
        donorName: user ? `${user.firstName} ${user.lastName}`.trim() : values.donorName.trim(),
        donorEmail: user ? user.email : values.donorEmail.trim(),
      });
    },
  });

  function choosePurpose(id: string) {
    void formik.setFieldValue('donationTypeId', id);
    if (id === OTHER_PURPOSE || (fundOption && id === fundPurpose(fundOption.id))) {
      const current = parseAmount(formik.values.amount);
      if (current === null || current === 0) void formik.setFieldValue('amount', String(OTHER_DEFAULT_AMOUNT));
      return;
    }
    const type = donationTypes.find((dt) => dt.id === id);
    const preset = parseAmount(type?.defaultAmount);
    if (preset !== null && preset > 0) void formik.setFieldValue('amount', amountInputValue(preset));
  }

  function handlePurpose(e: ChangeEvent<HTMLInputElement>) {
    choosePurpose(e.target.value);
  }

  // The fund's purpose is chosen once, when the fund and the types are known, unless the donor
  // has chosen a purpose meanwhile.
  const fundChosen = useRef(false);
  const fundPurposeId = fundType ? fundType.id : fundOption ? fundPurpose(fundOption.id) : null;
  useEffect(() => {
    if (fundChosen.current || fundPurposeId === null || isLoading) return;
    fundChosen.current = true;
    if (!formik.values.donationTypeId) choosePurpose(fundPurposeId);
  });

  const chosenType = donationTypes.find((dt) => dt.id === formik.values.donationTypeId);
  const givesToFund = fund !== null && (formik.values.donationTypeId === fundPurpose(fund.id) || (chosenType !== undefined && chosenType.fundId === fund.id));

  return (
    <Box component="form" noValidate onSubmit={formik.handleSubmit} sx={{ display: 'grid', gap: 2.5 }} aria-label={t('donations.form.label')}>
      {error ? <Alert severity="warning">{t('donations.form.purposesFailed')}</Alert> : null}
      <TextField
        {...textFieldProps(formik, 'donationTypeId', givesToFund && fund ? fundLine(fund.name) : undefined)}
        select
        label={t('donations.form.purpose')}
        onChange={handlePurpose}
        required
        fullWidth
        disabled={isLoading}
      >
        {fundOption ? <MenuItem value={fundPurpose(fundOption.id)}>{fundOption.name}</MenuItem> : null}
        {donationTypes.map((dt) => (
          <MenuItem key={dt.id} value={dt.id}>
            {parseAmount(dt.defaultAmount) ? `${dt.name} (${formatUSD(dt.defaultAmount)})` : dt.name}
          </MenuItem>
        ))}
        <MenuItem value={OTHER_PURPOSE}>{t('donations.form.other')}</MenuItem>
      </TextField>
      <TextField
        {...textFieldProps(formik, 'amount')}
        label={t('donations.amount')}
        type="number"
        required
        fullWidth
        slotProps={{
          htmlInput: { min: 1, max: 1000000, step: 0.01, inputMode: 'decimal' },
          input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
        }}
      />
      <TextField
        {...textFieldProps(formik, 'notes', t('donations.form.notesHelp'))}
        label={t('donations.form.notes')}
        multiline
        minRows={3}
        fullWidth
      />
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2.5, minWidth: 0 }}>
        <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('donations.form.receipt')}
        </Typography>
        {user ? (
          <Typography variant="body2" color="text.secondary">
            {t.rich('donations.form.receiptGoesTo', {
              name: `${user.firstName} ${user.lastName}`,
              email: user.email,
              hasAddress: user.mailingAddress ? 'yes' : 'no',
              address: user.mailingAddress ? user.mailingAddress.replace(/\n/g, ', ') : '',
              link: (chunks) => (
                <Link component={RouterLink} to="/profile">
                  {chunks}
                </Link>
              ),
            })}
          </Typography>
        ) : (
          <>
            <TextField {...textFieldProps(formik, 'donorName')} label={t('donations.form.yourName')} autoComplete="name" required fullWidth />
            <TextField
              {...textFieldProps(formik, 'donorEmail', t('donations.form.emailHelp'))}
              label={t('donations.form.email')}
              type="email"
              autoComplete="email"
              required
              fullWidth
            />
            <TextField
              {...textFieldProps(formik, 'donorAddress', t('donations.form.addressHelp'))}
              label={t('donations.form.address')}
              autoComplete="street-address"
              multiline
              minRows={2}
              fullWidth
            />
          </>
        )}
        <TextField
          {...textFieldProps(formik, 'inHonorOf', t('donations.form.inHonorHelp'))}
          label={t('donations.form.inHonor')}
          fullWidth
        />
      </Box>
      <Button type="submit" variant="contained" size="large">
        {t('donations.continue')}
      </Button>
    </Box>
  );
}
