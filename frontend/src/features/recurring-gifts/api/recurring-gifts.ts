import useSWR, { useSWRConfig } from 'swr';
import { api } from '@/lib/api-client';
import { keyPath } from '@/lib/api-keys';
import type { Fund } from '@/types/api';
import type {
  CardSetup,
  ConfirmedCardBody,
  RecurringGift,
  RecurringGiftBody,
  RecurringGiftChanges,
  SandboxCardBody,
  StartedRecurringGift,
} from '@/types/recurring-gifts';

export const RECURRING_GIFTS_PATH = '/api/recurring-gifts';
/** The member's own gifts, newest first (a user-scoped key: cleared on sign-in and sign-out). */
export const MY_RECURRING_GIFTS_PATH = '/api/recurring-gifts/mine';
/**
 * The active funds (`GET /api/funds`), General first, then by name. The funds feature reads the
 * same key with the same default fetcher (one cache entry); a gift's form only lists them.
 */
const ACTIVE_FUNDS_PATH = '/api/funds';

/**
 * A gift's API path, `/api/recurring-gifts/{id}[/suffix]`, with its signed link's `?token=` when
 * there is one (a guest's; a signed-in owner needs none).
 */
export function giftPath(id: string, suffix = '', token?: string | null): string {
  const path = `${RECURRING_GIFTS_PATH}/${encodeURIComponent(id)}${suffix}`;
  return token ? `${path}?${new URLSearchParams({ token }).toString()}` : path;
}

/** The `token` of a gift's signed link (`manageUrl`, `/giving/recurring/{id}?token=...`), or null. */
export function tokenOf(manageUrl: string): string | null {
  try {
    return new URL(manageUrl, 'http://app.invalid').searchParams.get('token');
  } catch {
    return null;
  }
}

/** Every key of a gift or of a list of gifts (the member's, the treasurer's), to reload after a change. */
function isRecurringGiftKey(key: unknown): boolean {
  const k = keyPath(key);
  return k !== undefined && (k === RECURRING_GIFTS_PATH || k.startsWith(`${RECURRING_GIFTS_PATH}/`) || k.startsWith(`${RECURRING_GIFTS_PATH}?`));
}

/** GET /api/recurring-gifts/mine: the member's gifts, newest first. */
export function useMyRecurringGifts() {
  const { data, error, isLoading, mutate } = useSWR<RecurringGift[]>(MY_RECURRING_GIFTS_PATH);
  return { gifts: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** GET /api/recurring-gifts/{id}[?token=]: one gift, to its member or the holder of its link. */
export function useRecurringGift(id: string, token: string | null) {
  const { data, error, isLoading, mutate } = useSWR<RecurringGift>(id ? giftPath(id, '', token) : null);
  return { gift: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/** The funds a gift may go to (the active ones). */
export function useGiftFunds() {
  const { data, error, isLoading, mutate } = useSWR<Fund[]>(ACTIVE_FUNDS_PATH);
  return { funds: data, error: error as Error | undefined, isLoading: isLoading && data === undefined, refresh: () => mutate() };
}

/**
 * POST /api/recurring-gifts with an `Idempotency-Key` per attempt (a repeated request answers the
 * same gift): the gift, waiting for its card, with the card form and its signed link.
 */
export function startRecurringGift(body: RecurringGiftBody, idempotencyKey: string): Promise<StartedRecurringGift> {
  return api.post<StartedRecurringGift>(RECURRING_GIFTS_PATH, body, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/recurring-gifts/{id}/cancel, reloading nothing (a gift just made and left before its card). */
export function cancelRecurringGift(id: string, token?: string | null): Promise<RecurringGift> {
  return api.post<RecurringGift>(giftPath(id, '/cancel', token));
}

/**
 * What the donor can do with a gift (`token`: its signed link, for a guest). Each answers the gift
 * as it now is, and reloads the gifts shown (the gift's page, My Donations, the treasurer's list).
 */
export function useRecurringGiftActions(id: string, token?: string | null) {
  const { mutate } = useSWRConfig();
  const done = async (gift: RecurringGift) => {
    await mutate(isRecurringGiftKey);
    return gift;
  };
  const post = async (suffix: string, body?: unknown) => done(await api.post<RecurringGift>(giftPath(id, suffix, token), body));
  return {
    /** PATCH /api/recurring-gifts/{id}: only what changes. */
    change: async (changes: RecurringGiftChanges) => done(await api.patch<RecurringGift>(giftPath(id, '', token), changes)),
    pause: () => post('/pause'),
    resume: () => post('/resume'),
    cancel: () => post('/cancel'),
    /** POST /api/recurring-gifts/{id}/card-setup: a new card form, to change the card. */
    cardSetup: () => api.post<CardSetup>(giftPath(id, '/card-setup', token)),
    /** POST /api/recurring-gifts/{id}/card/sandbox: the sandbox's form saved the card (or declined it: 400 on `card`). */
    saveTestCard: (body: SandboxCardBody) => post('/card/sandbox', body),
    /** POST /api/recurring-gifts/{id}/card: Stripe confirmed the card form in the browser. */
    saveCard: (body: ConfirmedCardBody) => post('/card', body),
  };
}
