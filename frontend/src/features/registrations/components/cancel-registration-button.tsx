import Button from '@mui/material/Button';
import { useState } from 'react';
import type { Event } from '@/types/api';
import { t } from '../i18n';
import { CancelRegistrationDialog } from './cancel-registration-dialog';

/** 'Cancel Registration' with its confirm dialog; shown only until the event starts. */
export function CancelRegistrationButton({ event }: { event: Pick<Event, 'id' | 'name' | 'eventDate'> }) {
  const [open, setOpen] = useState(false);
  // The time the list was shown: a page left open past the start gets a 400 with its message.
  const [shownAt] = useState(() => Date.now());
  if (new Date(event.eventDate).getTime() <= shownAt) return null;
  return (
    <>
      <Button color="error" onClick={() => setOpen(true)} aria-label={t('registrations.cancel.buttonOf', { name: event.name })}>
        {t('registrations.cancel.button')}
      </Button>
      {open ? <CancelRegistrationDialog open onClose={() => setOpen(false)} event={event} /> : null}
    </>
  );
}
