import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { FormikErrors } from 'formik';
import { useId, useState } from 'react';
import * as Yup from 'yup';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import { KIND_LABELS, useAccounts, useSaveAccount, type AccountKind, type LedgerAccount } from '../api/books';

type Values = { code: string; name: string; kind: AccountKind };

// The server's own messages (docs/api.md#accounting-export).
export const accountSchema = Yup.object({
  code: Yup.string()
    .trim()
    .required('Code must be 1 to 20 letters, digits, dots or hyphens')
    .matches(/^[A-Za-z0-9.-]{1,20}$/, 'Code must be 1 to 20 letters, digits, dots or hyphens'),
  name: Yup.string()
    .trim()
    .required('Name must be 1 to 100 characters, without a colon')
    .max(100, 'Name must be 1 to 100 characters, without a colon')
    .matches(/^[^:]*$/, 'Name must be 1 to 100 characters, without a colon'),
  kind: Yup.string().oneOf(Object.keys(KIND_LABELS)).required(),
});

function AccountDialog({ account, onClose }: { account: LedgerAccount | null; onClose: () => void }) {
  const save = useSaveAccount();
  const { toast } = useToast();
  const titleId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const formik = useFormikValidatedOnSubmit<Values>({
    initialValues: { code: account?.code ?? '', name: account?.name ?? '', kind: account?.kind ?? 'income' },
    validationSchema: accountSchema,
    onSubmit: async (values, helpers) => {
      setRefusal(null);
      const body = { code: values.code.trim(), name: values.name.trim(), kind: values.kind };
      try {
        const saved = await save(account?.id ?? null, body);
        toast({ title: account ? 'Account updated' : 'Account added', description: `${saved.code} ${saved.name}`, variant: 'success' });
        onClose();
      } catch (err) {
        if (err instanceof ApiError && Object.keys(err.fieldErrors).length > 0) {
          helpers.setErrors(err.fieldErrors as FormikErrors<Values>);
        } else {
          setRefusal(errorMessage(err, 'The account could not be saved'));
        }
      }
    },
  });
  return (
    <Dialog open onClose={formik.isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>{account ? 'Edit account' : 'Add account'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {refusal ? <Alert severity="error">{refusal}</Alert> : null}
          <TextField {...textFieldProps(formik, 'code', 'As in your books, e.g. 4010')} label="Code" required autoFocus />
          <TextField {...textFieldProps(formik, 'name', 'Exactly as in QuickBooks')} label="Name" required />
          <TextField {...textFieldProps(formik, 'kind')} select label="Kind" required>
            {(Object.keys(KIND_LABELS) as AccountKind[]).map((k) => (
              <MenuItem key={k} value={k}>
                {KIND_LABELS[k]}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The Chart of accounts tab: the accounts by code, each editable and switched on or off. */
export function AccountsTab() {
  const { accounts, error, isLoading, refresh } = useAccounts();
  const save = useSaveAccount();
  const { toast } = useToast();
  const [editing, setEditing] = useState<LedgerAccount | 'new' | null>(null);
  if (error) return <RetryAlert onRetry={refresh}>The chart of accounts could not be loaded.</RetryAlert>;
  if (isLoading || !accounts) {
    return (
      <LoadingRegion label="Loading the chart of accounts">
        <Skeleton variant="rounded" height={240} />
      </LoadingRegion>
    );
  }
  const toggle = async (a: LedgerAccount) => {
    try {
      await save(a.id, { isActive: !a.isActive });
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, 'The account could not be changed'), variant: 'destructive' });
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          Add account
        </Button>
      </Box>
      <TableContainer role="region" aria-label="Chart of accounts, scrollable" tabIndex={0} sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Chart of accounts" sx={{ minWidth: 560 }}>
          <TableHead>
            <TableRow>
              <TableCell>Code</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Active</TableCell>
              <TableCell align="right">Edit</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {accounts.map((a) => (
              <TableRow key={a.id}>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{a.code}</TableCell>
                <TableCell>{a.name}</TableCell>
                <TableCell>{KIND_LABELS[a.kind]}</TableCell>
                <TableCell>
                  <Switch
                    checked={a.isActive}
                    onChange={() => void toggle(a)}
                    slotProps={{ input: { 'aria-label': `${a.code} ${a.name} active` } }}
                  />
                </TableCell>
                <TableCell align="right">
                  <Button size="small" startIcon={<EditOutlined />} onClick={() => setEditing(a)} aria-label={`Edit ${a.code} ${a.name}`}>
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? <AccountDialog account={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </Box>
  );
}
