import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { t } from '../i18n';

/**
 * A download that takes a while (a PDF the server renders): `busy` while it runs, `failed` once it
 * failed (until the next try or `reset`), and `start` to run it (again: the error's Retry).
 */
export function useDownload(download: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function run() {
    setBusy(true);
    setFailed(false);
    try {
      await download();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    failed,
    start: () => {
      if (!busy) void run();
    },
    reset: () => setFailed(false),
  };
}

type DownloadButtonProps = Omit<ButtonProps, 'onClick' | 'children' | 'startIcon'> & {
  /** The `useDownload` it starts. */
  state: { busy: boolean; start: () => void };
  icon: ReactNode;
  children: ReactNode;
};

/** The button of a `useDownload`: its icon and label, or a spinner and 'Preparing…' (disabled) while it runs. */
export function DownloadButton({ state: { busy, start }, icon, children, disabled, ...props }: DownloadButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  // A disabled button loses the focus: a keyboard user who pressed it gets it back once it is enabled again.
  const refocus = useRef(false);
  useEffect(() => {
    if (busy || !refocus.current) return;
    refocus.current = false;
    button.current?.focus();
  }, [busy]);

  return (
    <Button
      {...props}
      ref={button}
      onClick={() => {
        refocus.current = document.activeElement === button.current;
        start();
      }}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : icon}
    >
      {busy ? t('ui.preparing') : children}
    </Button>
  );
}
