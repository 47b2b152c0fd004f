import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { lazy, Suspense, useState } from 'react';

// The form (Formik, Yup, image upload) loads only when an admin opens it.
const CreateEventDialog = lazy(() => import('./create-event-dialog'));

/** Admin-only 'Create Event' button with its 'Create New Event' modal. */
export function CreateEventButton() {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<Add />}
        onClick={() => {
          setSession((s) => s + 1);
          setOpen(true);
        }}
      >
        Create Event
      </Button>
      {session > 0 ? (
        <Suspense fallback={null}>
          <CreateEventDialog key={session} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
