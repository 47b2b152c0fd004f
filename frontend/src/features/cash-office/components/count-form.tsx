import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { formatUSD } from '@/lib/format';
import type { DonationType } from '@/types/api';
import { useCollectionActions } from '../api/collections';
import { countSchema, countValuesOf, newCountValues, toCollectionRequest, type CountValues } from '../lib/count-form';
import { countTotalCents, DENOMINATIONS, lineCents, parsePieces, type DenominationInfo } from '../lib/denominations';
import { fromCents } from '../lib/money';
import type { Collection } from '../types';
import { Section } from './section';

/** One bill or coin of the sheet: its name, the pieces counted, and what they are worth. */
function PiecesRow({ d, value, onChange }: { d: DenominationInfo; value: string; onChange: (value: string) => void }) {
  const id = `count-${d.key}`;
  const invalid = parsePieces(value) === null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr) 5.5rem 5.5rem', sm: 'minmax(0, 1fr) 6.5rem 6.5rem' }, alignItems: 'center', columnGap: 1.5 }}>
      <Typography component="label" htmlFor={id}>
        {d.label}
      </Typography>
      <TextField
        id={id}
        size="small"
        value={value}
        placeholder="0"
        error={invalid}
        onChange={(e) => onChange(e.target.value)}
        onFocus={(e) => e.target.select()}
        slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', 'aria-describedby': `${id}-amount`, style: { textAlign: 'right' } } }}
      />
      <Typography id={`${id}-amount`} sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: invalid ? 'error.main' : lineCents(d.key, value) ? 'text.primary' : 'text.secondary' }}>
        {invalid ? 'Not a count' : formatUSD(fromCents(lineCents(d.key, value)))}
      </Typography>
    </Box>
  );
}

/** A column of the sheet: the bills, or the coins. */
function PiecesColumn({ kind, values, onChange }: { kind: 'bill' | 'coin'; values: CountValues['pieces']; onChange: (key: DenominationInfo['key'], value: string) => void }) {
  const title = kind === 'bill' ? 'Bills' : 'Coins';
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: 'grid', gap: 1, alignContent: 'start' }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1, color: 'text.secondary' }}>
        {`${title}: how many of each`}
      </Typography>
      {DENOMINATIONS.filter((d) => d.kind === kind).map((d) => (
        <PiecesRow key={d.key} d={d} value={values[d.key]} onChange={(v) => onChange(d.key, v)} />
      ))}
    </Box>
  );
}

/** The server's field names as the form's ('counts' is the sheet's). */
function formErrors(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) out[name === 'counts' ? 'pieces' : name] = message;
  return out;
}

type Props = {
  /** The active donation types a count may go to; none chosen is the general fund. */
  donationTypes: readonly DonationType[];
  /** The count being corrected; null for a new count. */
  count: Collection | null;
  /** The temple's today, "YYYY-MM-DD": the default day, and the latest a count may have. */
  today: string;
  onSaved: (saved: Collection) => void;
  onCancel: () => void;
};

/**
 * A hundi count by denomination: the box, the day, the fund, how many of each bill and coin (with
 * each line's amount and the live total) and a note. Tab goes down the sheet; Enter saves.
 */
export function CountForm({ donationTypes, count, today, onSaved, onCancel }: Props) {
  const actions = useCollectionActions();
  const [refusal, setRefusal] = useState<{ message: string; stale: boolean } | null>(null);
  const formik = useFormikValidatedOnSubmit<CountValues>({
    initialValues: count ? countValuesOf(count) : newCountValues(today),
    validationSchema: countSchema(today),
    onSubmit: async (values, helpers) => {
      setRefusal(null);
      try {
        const body = toCollectionRequest(values);
        onSaved(count ? await actions.update(count.id, count.revision, body) : await actions.create(body));
      } catch (err) {
        const fields = err instanceof ApiError ? formErrors(err.fieldErrors) : {};
        if (Object.keys(fields).length > 0) helpers.setErrors(fields);
        else setRefusal({ message: errorMessage(err, 'The count could not be saved. Please try again.'), stale: err instanceof ApiError && err.status === 409 });
        if (count && err instanceof ApiError && err.status === 409) void actions.reload(count.id);
      }
    },
  });
  const total = countTotalCents(formik.values.pieces);
  const piecesError = formik.submitCount > 0 && typeof formik.errors.pieces === 'string' ? formik.errors.pieces : null;
  const setPieces = (key: DenominationInfo['key'], value: string) => void formik.setFieldValue(`pieces.${key}`, value);
  // A fund no longer offered (made inactive since) stays choosable for the count that has it.
  const funds = donationTypes.some((t) => t.id === count?.donationTypeId) || !count?.donationTypeId ? donationTypes : [...donationTypes, { id: count.donationTypeId, name: count.fundName }];
  const title = count ? `Correct the count of ${count.boxName}` : 'New count';

  return (
    <Section title={title} id="count-form-title">
      {count ? <Alert severity="info">Saving a correction clears the confirmations: two people confirm the new figures again.</Alert> : null}
      <Box component="form" noValidate onSubmit={formik.handleSubmit} aria-labelledby="count-form-title" sx={{ display: 'grid', gap: 2.5 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1.4fr 1fr 1.4fr' } }}>
          <TextField {...textFieldProps(formik, 'boxName')} label="Box" required autoFocus={!count} slotProps={{ htmlInput: { maxLength: 100 } }} />
          <TextField {...textFieldProps(formik, 'countedOn')} label="Counting date" type="date" required slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }} />
          <TextField
            {...textFieldProps(formik, 'donationTypeId', 'Where the money goes in the ledger')}
            select
            label="Fund"
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">General fund</MenuItem>
            {funds.map((t) => (
              <MenuItem key={t.id} value={t.id}>
                {t.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <PiecesColumn kind="bill" values={formik.values.pieces} onChange={setPieces} />
          <PiecesColumn kind="coin" values={formik.values.pieces} onChange={setPieces} />
        </Box>
        {piecesError ? (
          <Alert severity="error" role="alert">
            {piecesError}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Typography variant="h5" component="p" role="status" aria-live="polite" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {`Total ${formatUSD(fromCents(total))}`}
          </Typography>
        </Box>
        <TextField {...textFieldProps(formik, 'note', 'Optional, e.g. a torn bill set aside')} label="Note" slotProps={{ htmlInput: { maxLength: 500 } }} />
        {refusal ? (
          <Alert
            severity="error"
            action={
              refusal.stale ? (
                <Button color="inherit" size="small" onClick={onCancel}>
                  See the count
                </Button>
              ) : undefined
            }
          >
            {refusal.message}
          </Alert>
        ) : null}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, flexWrap: 'wrap' }}>
          <Button onClick={onCancel} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" size="large" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Saving...' : count ? `Save correction · ${formatUSD(fromCents(total))}` : `Save count · ${formatUSD(fromCents(total))}`}
          </Button>
        </Box>
      </Box>
    </Section>
  );
}
