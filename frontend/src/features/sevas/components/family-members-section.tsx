import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FormikErrors } from 'formik';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { RetryAlert } from '@/components/ui/retry-alert';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { FamilyMember } from '@/types/api';
import { useDeleteFamilyMember, useFamily, useSaveFamilyMember } from '../api/family';
import { t } from '../i18n';
import { personLabel } from '../lib/sankalpam';
import { familyMemberSchema, type FamilyMemberValues, type PersonValues } from '../schemas';
import { PersonFields } from './person-fields';

function FamilyDialog({ member, onClose }: { member: FamilyMember | null; onClose: () => void }) {
  const titleId = useId();
  const save = useSaveFamilyMember();
  const { toast } = useToast();
  const formik = useFormikValidatedOnSubmit<FamilyMemberValues>({
    initialValues: {
      name: member?.name ?? '',
      gotram: member?.gotram ?? '',
      nakshatram: member?.nakshatram ?? '',
      rasi: member?.rasi ?? '',
      relation: member?.relation ?? '',
      birthDate: member?.birthDate ?? '',
    },
    validationSchema: familyMemberSchema,
    onSubmit: async (v, helpers) => {
      const blank = (s: string) => (s.trim() ? s.trim() : null);
      try {
        await save(member?.id ?? null, {
          name: v.name.trim(),
          gotram: blank(v.gotram),
          nakshatram: blank(v.nakshatram),
          rasi: blank(v.rasi),
          relation: blank(v.relation),
          birthDate: blank(v.birthDate),
        });
        toast({ title: member ? t('sevas.family.updated') : t('sevas.family.added'), description: v.name.trim() });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors as FormikErrors<FamilyMemberValues>);
        toast({ title: t('sevas.family.error'), description: errorMessage(err, t('sevas.family.saveFailed')), variant: 'destructive' });
      }
    },
  });
  const errors = formik.submitCount > 0 ? (formik.errors as Partial<Record<keyof PersonValues, string>>) : undefined;
  return (
    <Dialog open onClose={formik.isSubmitting ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <form noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id={titleId}>{member ? t('sevas.family.editMember') : t('sevas.family.addMember')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <PersonFields prefix="" value={formik.values} errors={errors} onChange={(field, value) => void formik.setFieldValue(field, value)} autoFocus />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField {...textFieldProps(formik, 'relation', t('sevas.family.relationHelp'))} label={t('sevas.family.relation')} />
            <TextField {...textFieldProps(formik, 'birthDate')} label={t('sevas.family.birthDate')} type="date" slotProps={{ inputLabel: { shrink: true } }} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={formik.isSubmitting}>
            {t('sevas.family.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? t('sevas.family.saving') : member ? t('sevas.family.saveChanges') : t('sevas.family.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The profile's family members: saved once, picked for sevas. */
export function FamilyMembersSection() {
  const { family, error, isLoading, refresh } = useFamily();
  const remove = useDeleteFamilyMember();
  const { toast } = useToast();
  const [editing, setEditing] = useState<{ member: FamilyMember | null; session: number } | null>(null);
  const [toDelete, setToDelete] = useState<FamilyMember | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await remove(toDelete.id);
      toast({ title: t('sevas.family.removed'), description: toDelete.name });
      setToDelete(null);
    } catch (err) {
      toast({ title: t('sevas.family.error'), description: errorMessage(err, t('sevas.family.removeFailed')), variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 480 }}>
          {t('sevas.family.intro')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing({ member: null, session: Date.now() })}>
          {t('sevas.family.addMember')}
        </Button>
      </Box>
      {isLoading ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 3 }}>
          <CircularProgress aria-label={t('sevas.family.loading')} />
        </Box>
      ) : error ? (
        <RetryAlert onRetry={() => void refresh()}>{t('sevas.family.loadFailed')}</RetryAlert>
      ) : !family || family.length === 0 ? (
        <Typography color="text.secondary">{t('sevas.family.empty')}</Typography>
      ) : (
        <List aria-label={t('sevas.family.list')} disablePadding>
          {family.map((m) => (
            <ListItem
              key={m.id}
              divider
              secondaryAction={
                <Box>
                  <IconButton aria-label={t('sevas.family.edit', { name: m.name })} onClick={() => setEditing({ member: m, session: Date.now() })}>
                    <EditOutlined />
                  </IconButton>
                  <IconButton aria-label={t('sevas.family.remove', { name: m.name })} onClick={() => setToDelete(m)}>
                    <DeleteOutlined />
                  </IconButton>
                </Box>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText primary={personLabel(m)} secondary={[m.relation, m.birthDate].filter(Boolean).join(' · ') || null} />
            </ListItem>
          ))}
        </List>
      )}
      {editing ? <FamilyDialog key={editing.session} member={editing.member} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('sevas.family.removeTitle')}
        confirmLabel={t('sevas.family.removeConfirm')}
        busyLabel={t('sevas.family.removing')}
        busy={deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        <DialogContentText>
          {t.rich('sevas.family.removeText', { b: (chunks) => <strong>{chunks}</strong>, name: toDelete?.name })}
        </DialogContentText>
      </ConfirmDialog>
    </Box>
  );
}
