import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { todayIn } from '@/lib/dates';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { textFieldProps, useFormikValidatedOnSubmit } from '@/lib/form';
import type { Notice, NoticeBody } from '@/types/api';
import { useAdminNotices, useDeleteNotice, useSaveNotice } from '../api/site';
import { noticeSchema } from '../schemas';

function reason(err: unknown): string {
  if (err instanceof ApiError) return err.serverMessage ?? err.message;
  return err instanceof Error ? err.message : String(err);
}

export function noticeStatus(n: Pick<Notice, 'startsOn' | 'endsOn'>, today: string): 'Current' | 'Scheduled' | 'Ended' {
  if (n.endsOn < today) return 'Ended';
  return n.startsOn > today ? 'Scheduled' : 'Current';
}

type FormValues = { title: string; body: string; link: string; startsOn: string; endsOn: string };

function NoticeDialog({ notice, today, onClose }: { notice: Notice | 'new'; today: string; onClose: () => void }) {
  const save = useSaveNotice();
  const { toast } = useToast();
  const editing = notice === 'new' ? null : notice;
  const formik = useFormikValidatedOnSubmit<FormValues>({
    initialValues: editing
      ? { title: editing.title, body: editing.body, link: editing.link ?? '', startsOn: editing.startsOn, endsOn: editing.endsOn }
      : { title: '', body: '', link: '', startsOn: today, endsOn: today },
    validationSchema: noticeSchema,
    onSubmit: async (values, helpers) => {
      const body: NoticeBody = { ...values, link: values.link.trim() || null };
      try {
        await save(editing?.id ?? null, body);
        toast({ title: editing ? 'Notice updated successfully' : 'Notice created successfully', description: values.title });
        onClose();
      } catch (err) {
        if (err instanceof ApiError) helpers.setErrors(err.fieldErrors);
        toast({ title: 'Error', description: `Failed to save notice: ${reason(err)}`, variant: 'destructive' });
      }
    },
  });
  const v = formik.values;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="notice-dialog-title">
      <Box component="form" noValidate onSubmit={formik.handleSubmit}>
        <DialogTitle id="notice-dialog-title">{editing ? 'Edit notice' : 'Add notice'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <TextField {...textFieldProps(formik, 'title')} label="Title" fullWidth autoFocus />
          <TextField {...textFieldProps(formik, 'body')} label="Text" fullWidth multiline minRows={3} />
          <TextField {...textFieldProps(formik, 'link', 'https://… or a page of this site such as /events')} label="Link (optional)" fullWidth />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <TextField {...textFieldProps(formik, 'startsOn')} label="Shown from" type="date" slotProps={{ inputLabel: { shrink: true } }} />
            <TextField {...textFieldProps(formik, 'endsOn', 'Gone after this day')} label="Shown until" type="date" slotProps={{ inputLabel: { shrink: true } }} />
          </Box>
          <Box>
            <Typography variant="overline" color="text.secondary">
              Preview
            </Typography>
            <Alert severity="info" variant="outlined">
              <AlertTitle sx={{ fontWeight: 700 }}>{v.title.trim() || 'Title'}</AlertTitle>
              {v.body.trim() ? <Box sx={{ whiteSpace: 'pre-line' }}>{v.body}</Box> : null}
              {v.link.trim() ? <Box sx={{ textDecoration: 'underline', fontWeight: 600 }}>Learn more</Box> : null}
            </Alert>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {editing ? 'Save notice' : 'Add notice'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** "Notices": short announcements shown on the home page between their dates. */
export function NoticesSection({ timeZone }: { timeZone: string }) {
  const { notices, error, isLoading } = useAdminNotices();
  const remove = useDeleteNotice();
  const { toast } = useToast();
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Notice | null>(null);
  const [deleting, setDeleting] = useState(false);
  const today = todayIn(timeZone);

  async function confirmDelete() {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await remove(toDelete.id);
      toast({ title: 'Notice deleted successfully', description: toDelete.title });
      setToDelete(null);
    } catch (err) {
      toast({ title: 'Error', description: `Failed to delete notice: ${reason(err)}`, variant: 'destructive' });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Box>
            <Typography component="h2" variant="h5" gutterBottom>
              Notices
            </Typography>
            <Typography color="text.secondary">Festival dates, closings, parking changes: shown on the home page between their dates.</Typography>
          </Box>
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            Add notice
          </Button>
        </Box>
        {error ? <Alert severity="error">Failed to load notices: {error.message}</Alert> : null}
        {isLoading ? <Skeleton variant="rounded" height={72} /> : null}
        {notices && notices.length === 0 ? <Typography color="text.secondary">No notices yet.</Typography> : null}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {notices?.map((n) => {
            const status = noticeStatus(n, today);
            return (
              <Box
                component="li"
                key={n.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, display: 'flex', gap: 2, alignItems: 'flex-start' }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600 }}>{n.title}</Typography>
                    <Chip size="small" label={status} color={status === 'Current' ? 'success' : 'default'} variant={status === 'Ended' ? 'outlined' : 'filled'} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {n.startsOn} to {n.endsOn}
                  </Typography>
                  {n.body ? (
                    <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                      {n.body}
                    </Typography>
                  ) : null}
                </Box>
                <IconButton aria-label={`Edit ${n.title}`} onClick={() => setEditing(n)}>
                  <EditOutlined />
                </IconButton>
                <IconButton aria-label={`Delete ${n.title}`} onClick={() => setToDelete(n)} color="error">
                  <DeleteOutline />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      </CardContent>
      {editing ? <NoticeDialog key={editing === 'new' ? 'new' : editing.id} notice={editing} today={today} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete notice"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        destructive
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        <DialogContentText>Delete the notice “{toDelete?.title}”? Visitors no longer see it.</DialogContentText>
      </ConfirmDialog>
    </Card>
  );
}
