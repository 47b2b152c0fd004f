// E-mail verification from anywhere in the app: the resend request, the hook behind every "Resend
// verification email" button, and the test for the server's "verify your e-mail first" refusal.
import { useCallback, useState } from 'react';
import { useToast } from '@/components/ui/toast';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import type { ApiErrorBody, MessageResponse } from '@/types/api';

/** The 403 refusing an unverified member (register, volunteer, event donation). */
type EmailNotVerifiedBody = ApiErrorBody & { code: 'email-not-verified' };

export const RESEND_VERIFICATION_PATH = '/api/auth/resend-verification';

/** The `code` of the 403 that registering, volunteering and event donations answer an unverified member. */
export const EMAIL_NOT_VERIFIED: EmailNotVerifiedBody['code'] = 'email-not-verified';

/** True when the error is the server's 403 `email-not-verified` refusal. */
export function isEmailNotVerified(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 403 && error.code === EMAIL_NOT_VERIFIED;
}

/** POST /api/auth/resend-verification (bearer): mails a new verification link. */
export function resendVerificationEmail(): Promise<MessageResponse> {
  return api.post<MessageResponse>(RESEND_VERIFICATION_PATH);
}

/** Sends a new verification link and toasts the server's answer (its message on 429 too). */
export function useResendVerification() {
  const { toast } = useToast();
  const [sending, setSending] = useState(false);
  const resend = useCallback(async () => {
    setSending(true);
    try {
      const res = await resendVerificationEmail();
      toast({
        title: 'Verification email sent',
        description: res?.message || 'Check your inbox for the new verification link.',
        variant: 'success',
      });
    } catch (err) {
      const tooSoon = err instanceof ApiError && err.status === 429;
      toast({
        title: tooSoon ? 'Please wait a moment' : 'Could not send the email',
        description: errorMessage(
          err,
          tooSoon ? 'A verification email was sent recently. Please try again later.' : 'Something went wrong. Please try again.',
        ),
        variant: tooSoon ? 'warning' : 'destructive',
      });
    } finally {
      setSending(false);
    }
  }, [toast]);
  return { resend, sending };
}
