import ArrowBack from '@mui/icons-material/ArrowBack';
import PersonAddAlt1 from '@mui/icons-material/PersonAddAlt1';
import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadingRegion } from '@/components/ui/loading-region';
import { RetryAlert } from '@/components/ui/retry-alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import type { Event } from '@/types/api';
import type { DoorCheckIn, DoorEntry } from '@/types/door';
import { useDoorLive } from '../api/changes';
import { putCheckIn } from '../api/check-in';
import { postScan } from '../api/scan';
import { useDoorSearch } from '../api/search';
import { deleteWalkIn } from '../api/walk-ins';
import {
  alreadyLine,
  checkedInNotice,
  doorErrorMessage,
  entryKey,
  fullName,
  looksLikeCode,
  normalizeQuery,
  parsePeople,
  peopleLabel,
  SEARCH_DEBOUNCE_MS,
  walkInPrefill,
} from '../lib/door';
import { currentCount, shownEntries } from '../lib/live';
import type { WalkInValues } from '../schemas';
import { DoorCountBar } from './count-bar';
import { DoorRow } from './door-row';
import { WalkInDialog } from './walk-in-dialog';

// The camera and the QR reader load when the scanner is opened, never with the page.
const ScanDialog = lazy(() => import('./scan-dialog'));

type Notice = { severity: 'success' | 'info'; title: string; detail: string | null };

const SEARCH_LABEL = 'Name, phone or confirmation code';

function noticeOf(answer: DoorCheckIn): Notice {
  const who = `${fullName(answer.entry)} \u00b7 ${peopleLabel(answer.entry.arrivedPeople ?? answer.entry.people)}`;
  return answer.already
    ? { severity: 'info', title: alreadyLine(answer.entry), detail: who }
    : { severity: 'success', title: checkedInNotice(answer.entry), detail: null };
}

/**
 * The check-in desk of an event for a crowd at the door, on a tablet or a phone, with the keyboard
 * alone if need be: the live count; a search as the user types (name, phone, confirmation code),
 * the latest check-ins when it is empty; each party checked in with the people who came. ↓ and ↑
 * in the search field highlight a row, Enter checks it in, Escape clears the search. A check-in
 * clears the search for the next family and is announced. QR codes are scanned with the camera;
 * walk-ins are added and checked in at once. Other desks' check-ins appear within a second (the
 * changes feed).
 */
export function DoorDesk({ event }: { event: Event }) {
  const baseId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const { results, error, isLoading, reload } = useDoorSearch(event.id, q);
  const { live, status, record, forget } = useDoorLive(event.id, results);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [walkIn, setWalkIn] = useState<Partial<WalkInValues> | null>(null);
  const [scanning, setScanning] = useState(false);
  const [focusTick, setFocusTick] = useState(0);

  // The search asks a moment after the last keystroke (timed from the keystroke itself, not from
  // the next paint as an effect would).
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  function typed(value: string) {
    setText(value);
    setActiveKey(null);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => setQ(normalizeQuery(value)), SEARCH_DEBOUNCE_MS);
  }

  // Back to the search field once what took the focus (a dialog, a row's button) is gone.
  useEffect(() => {
    if (focusTick > 0) searchRef.current?.focus();
  }, [focusTick]);

  const rows = results ? shownEntries(results, live) : [];
  const count = currentCount(results, live);
  // The answer on screen is for what the field holds (not an earlier text, kept while the next comes).
  const fresh = results !== undefined && results.q === q && normalizeQuery(text) === q;
  const asking = results !== undefined && results.q !== q;
  const latest = (results?.q ?? q) === '';
  const rowId = (e: Pick<DoorEntry, 'kind' | 'id'>) => `${baseId}-${e.kind}-${e.id}`;
  const activeIndex = rows.findIndex((r) => entryKey(r) === activeKey);
  const active = activeIndex >= 0 ? rows[activeIndex] : null;

  // The highlighted row kept in view.
  const activeRowId = active ? rowId(active) : null;
  useEffect(() => {
    if (activeRowId) document.getElementById(activeRowId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeRowId]);

  /** Ready for the next family: the search cleared and focused. */
  function nextFamily() {
    clearTimeout(searchTimer.current);
    setText('');
    setQ('');
    setActiveKey(null);
    setFocusTick((t) => t + 1);
  }

  function announce(answer: DoorCheckIn) {
    record(answer.entry);
    setProblem(null);
    setNotice(noticeOf(answer));
  }

  async function checkIn(row: DoorEntry) {
    const key = entryKey(row);
    const name = fullName(row);
    if (row.kind === 'walkIn') {
      // A walk-in is checked in when added.
      announce({ entry: row, already: true });
      nextFamily();
      return;
    }
    const people = row.checkedInAt === null ? parsePeople(drafts[key] ?? String(row.people)) : row.arrivedPeople ?? row.people;
    if (people === null) {
      setNotice(null);
      setProblem(`Enter how many people came with ${name}: 1 to 99.`);
      document.getElementById(`${rowId(row)}-people`)?.focus();
      return;
    }
    setBusyKey(key);
    try {
      const answer = await putCheckIn(event.id, row.id, { checkedIn: true, people });
      announce(answer);
      setDrafts(({ [key]: _done, ...rest }) => rest);
      nextFamily();
    } catch (err) {
      setNotice(null);
      setProblem(doorErrorMessage(err, `${name} could not be checked in. Please try again.`));
    } finally {
      setBusyKey(null);
    }
  }

  async function undo(row: DoorEntry) {
    const key = entryKey(row);
    const name = fullName(row);
    setBusyKey(key);
    try {
      if (row.kind === 'walkIn') {
        await deleteWalkIn(event.id, row.id);
        forget(row);
        setNotice({ severity: 'info', title: `Walk-in ${name} taken off`, detail: null });
      } else {
        const answer = await putCheckIn(event.id, row.id, { checkedIn: false });
        record(answer.entry);
        setNotice({ severity: 'info', title: `Check-in undone for ${name}`, detail: null });
      }
      setProblem(null);
      setFocusTick((t) => t + 1);
    } catch (err) {
      setNotice(null);
      setProblem(doorErrorMessage(err, `The check-in of ${name} could not be undone. Please try again.`));
    } finally {
      setBusyKey(null);
    }
  }

  /** A code typed, or read by a keyboard scanner, and Enter: checked in by its code. */
  async function checkInCode(code: string) {
    setBusyKey('code');
    try {
      announce(await postScan(event.id, { code: code.trim() }));
      nextFamily();
    } catch (err) {
      setNotice(null);
      setProblem(doorErrorMessage(err, 'No registration of this event has that code.'));
    } finally {
      setBusyKey(null);
    }
  }

  function onSearchKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (rows.length === 0) return;
      e.preventDefault();
      const next = e.key === 'ArrowDown' ? Math.min(rows.length - 1, activeIndex + 1) : activeIndex - 1;
      setActiveKey(next >= 0 ? entryKey(rows[next]) : null);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (busyKey !== null) return;
      if (active) void checkIn(active);
      else if (looksLikeCode(text)) void checkInCode(text);
      else if (fresh && rows.length > 0) setActiveKey(entryKey(rows[0]));
    }
  }

  /** Escape anywhere on the desk (not in a dialog): the search cleared and focused. */
  function onDeskKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Escape' || !e.currentTarget.contains(e.target as Node)) return;
    e.preventDefault();
    nextFamily();
  }

  let body;
  if (!results && isLoading) {
    body = (
      <LoadingRegion label="Loading the door list" sx={{ display: 'grid', gap: 1 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={88} />
        ))}
      </LoadingRegion>
    );
  } else if (!results && error) {
    body =
      error instanceof ApiError && error.status === 403 ? (
        <Alert severity="warning">{doorErrorMessage(error, 'Only staff on door duty for this event can check people in.')}</Alert>
      ) : (
        <RetryAlert onRetry={reload}>The door list could not be loaded.</RetryAlert>
      );
  } else if (results) {
    const headingId = `${baseId}-heading`;
    body = (
      <Box sx={{ display: 'grid', gap: 1 }}>
        <Typography id={headingId} component="h2" variant="h6">
          {latest ? 'Latest check-ins' : `Matches for \u201c${results.q}\u201d`}
        </Typography>
        {error ? <RetryAlert onRetry={reload}>{doorErrorMessage(error, 'The search failed.')}</RetryAlert> : null}
        {rows.length === 0 && fresh ? (
          latest ? (
            <Typography color="text.secondary">No one has been checked in yet.</Typography>
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography color="text.secondary">No registration matches {`\u201c${q}\u201d`}. Add them as a walk-in?</Typography>
              <Button variant="outlined" startIcon={<PersonAddAlt1 />} onClick={() => setWalkIn(walkInPrefill(q))} sx={{ minHeight: 44 }}>
                Add as walk-in
              </Button>
            </Box>
          )
        ) : null}
        {rows.length > 0 ? (
          <Box
            id={`${baseId}-grid`}
            role="grid"
            aria-labelledby={headingId}
            aria-busy={asking}
            sx={{ display: 'grid', gap: 1, opacity: asking ? 0.7 : 1, transition: 'opacity 120ms' }}
          >
            {rows.map((row) => {
              const key = entryKey(row);
              return (
                <DoorRow
                  key={key}
                  entry={row}
                  rowId={rowId(row)}
                  active={key === activeKey}
                  people={drafts[key] ?? String(row.people)}
                  onPeople={(value) => setDrafts((d) => ({ ...d, [key]: value }))}
                  onCheckIn={() => void checkIn(row)}
                  onUndo={() => void undo(row)}
                  busy={busyKey === key}
                />
              );
            })}
          </Box>
        ) : null}
      </Box>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 }, px: { xs: 1.5, sm: 3 } }} onKeyDown={onDeskKeyDown}>
      <Button component={RouterLink} to={paths.eventDetail.getHref(event.id)} startIcon={<ArrowBack />} sx={{ ml: -1, mb: 1, minHeight: 44 }}>
        Back to event
      </Button>
      <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.5rem', md: '2.1rem' }, overflowWrap: 'anywhere' }}>
        Check-in: {event.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {formatDate(event.eventDate)} · {formatTime(event.eventDate)} · {event.location}
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        {count ? (
          <DoorCountBar count={count} status={status} />
        ) : (
          <LoadingRegion label="Loading the door count">
            <Skeleton variant="text" height={32} />
          </LoadingRegion>
        )}
      </Paper>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="contained" startIcon={<QrCodeScanner />} onClick={() => setScanning(true)} sx={{ minHeight: 44, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}>
          Scan QR code
        </Button>
        <Button variant="outlined" startIcon={<PersonAddAlt1 />} onClick={() => setWalkIn(walkInPrefill(''))} sx={{ minHeight: 44, flex: { xs: '1 1 140px', sm: '0 0 auto' } }}>
          Add walk-in
        </Button>
      </Box>

      <TextField
        inputRef={searchRef}
        label={SEARCH_LABEL}
        type="search"
        value={text}
        onChange={(e) => typed(e.target.value)}
        onKeyDown={onSearchKeyDown}
        autoFocus
        fullWidth
        helperText="↓ ↑ pick a row · Enter checks in · Esc clears"
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
          htmlInput: {
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-haspopup': 'grid',
            'aria-expanded': rows.length > 0,
            'aria-controls': rows.length > 0 ? `${baseId}-grid` : undefined,
            'aria-activedescendant': activeRowId ? `${activeRowId}-info` : undefined,
            autoComplete: 'off',
            autoCapitalize: 'off',
            autoCorrect: 'off',
            spellCheck: false,
            enterKeyHint: 'go',
          },
        }}
      />
      {/* Only while a search is out (a progress bar left in the page reads as loading); the same height otherwise. */}
      {asking ? <LinearProgress aria-hidden="true" sx={{ mt: 0.5, height: 2 }} /> : <Box aria-hidden="true" sx={{ mt: 0.5, height: 2 }} />}

      <Box role="status" aria-live="polite" sx={{ my: 1.5, '&:empty': { my: 0.5 } }}>
        {notice ? (
          <Alert severity={notice.severity} role="none" onClose={() => setNotice(null)} slotProps={{ closeButton: { sx: { minWidth: 44, minHeight: 44 } } }}>
            <AlertTitle sx={{ mb: notice.detail ? 0.5 : 0 }}>{notice.title}</AlertTitle>
            {notice.detail}
          </Alert>
        ) : null}
      </Box>
      {problem ? (
        <Alert severity="error" onClose={() => setProblem(null)} slotProps={{ closeButton: { sx: { minWidth: 44, minHeight: 44 } } }} sx={{ mb: 1.5 }}>
          {problem}
        </Alert>
      ) : null}

      {body}

      {walkIn ? (
        <WalkInDialog
          eventId={event.id}
          prefill={walkIn}
          onClose={() => {
            setWalkIn(null);
            setFocusTick((t) => t + 1);
          }}
          onAdded={(entry) => {
            setWalkIn(null);
            announce({ entry, already: false });
            nextFamily();
          }}
        />
      ) : null}
      {scanning ? (
        <Suspense fallback={null}>
          <ScanDialog
            eventId={event.id}
            onClose={() => {
              setScanning(false);
              setFocusTick((t) => t + 1);
            }}
            onScanned={announce}
          />
        </Suspense>
      ) : null}
    </Container>
  );
}
