import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useHydrated } from '@/lib/use-hydrated';
import type { Event } from '@/types/api';
import { t } from '../i18n';
import { eventIcsPath, googleCalendarUrl } from '../lib/add-to-calendar';

/**
 * "Add to calendar": a link to the event's `.ics` file (any calendar program), which works before
 * the page's scripts have run (ADR 0120). Once they have, a click (without a modifier key, which
 * keeps the link's own behaviour) opens a menu of the `.ics` download and Google Calendar's
 * new-event page.
 */
export function AddToCalendar({ event }: { event: Pick<Event, 'id' | 'name' | 'description' | 'location' | 'eventDate'> }) {
  const hydrated = useHydrated();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id={buttonId}
        href={eventIcsPath(event.id)}
        download="event.ics"
        variant="outlined"
        startIcon={<EventAvailableOutlined />}
        aria-haspopup={hydrated ? 'menu' : undefined}
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => {
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          setAnchor(e.currentTarget);
        }}
        sx={{ flexShrink: 0 }}
      >
        {t('events.addToCalendar.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
        <MenuItem component="a" href={eventIcsPath(event.id)} download="event.ics" onClick={close}>
          <ListItemText primary={t('events.addToCalendar.ics')} secondary={t('events.addToCalendar.icsApps')} />
        </MenuItem>
        <GoogleCalendarItem event={event} onClick={close} />
      </Menu>
    </>
  );
}

/** Rendered only in the open menu, so only in a browser: the link needs the page's origin. */
function GoogleCalendarItem({ event, onClick }: { event: Pick<Event, 'id' | 'name' | 'description' | 'location' | 'eventDate'>; onClick: () => void }) {
  return (
    <MenuItem component="a" href={googleCalendarUrl(event, window.location.origin)} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      <ListItemText primary={t('events.addToCalendar.google')} secondary={t('events.addToCalendar.newTab')} />
    </MenuItem>
  );
}
