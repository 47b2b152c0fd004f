import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/mocks/server';
import { api, ApiError, errorMessage } from './api-client';

describe('api client', () => {
  it('sends the bearer token from localStorage.authToken, JSON and cookies', async () => {
    window.localStorage.setItem('authToken', 'abc123');
    let seen: { auth: string | null; type: string | null; body: unknown } | null = null;
    server.use(
      http.post('/api/thing', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ ok: true });
      }),
    );
    const spy = vi.spyOn(globalThis, 'fetch');
    await expect(api.post('/api/thing', { a: 1 })).resolves.toEqual({ ok: true });
    expect(seen).toEqual({ auth: 'Bearer abc123', type: 'application/json', body: { a: 1 } });
    expect(spy.mock.calls[0][1]).toMatchObject({ credentials: 'include', method: 'POST' });
  });

  it('sends no authorization header without a token', async () => {
    let auth: string | null = 'unset';
    server.use(
      http.get('/api/thing', ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json([]);
      }),
    );
    await api.get('/api/thing');
    expect(auth).toBeNull();
  });

  it("raises '{status}: {body}' for a non-ok answer, with the parsed server message", async () => {
    server.use(http.get('/api/thing', () => HttpResponse.json({ message: 'Nope' }, { status: 409 })));
    const err = await api.get('/api/thing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('409: {"message":"Nope"}');
    expect((err as ApiError).status).toBe(409);
    expect((err as ApiError).serverMessage).toBe('Nope');
    expect(errorMessage(err, 'fallback')).toBe('Nope');
  });

  it("uses the status text when the body is empty", async () => {
    server.use(http.get('/api/thing', () => new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' })));
    await expect(api.get('/api/thing')).rejects.toThrow('500: Internal Server Error');
  });

  it('exposes per-field messages of a 400 answer', async () => {
    server.use(
      http.post('/api/thing', () =>
        HttpResponse.json({ message: 'Invalid input', errors: { email: 'Invalid email address' } }, { status: 400 }),
      ),
    );
    const err = (await api.post('/api/thing', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.fieldErrors).toEqual({ email: 'Invalid email address' });
  });

  it("exposes the server's error code, keeping the '{status}: {body}' message", async () => {
    const body = { message: 'Please verify your email address first.', code: 'email-not-verified' };
    server.use(http.post('/api/thing', () => HttpResponse.json(body, { status: 403 })));
    const err = (await api.post('/api/thing', {}).catch((e: unknown) => e)) as ApiError;
    expect(err.message).toBe(`403: ${JSON.stringify(body)}`);
    expect(err.code).toBe('email-not-verified');
    expect(err.serverMessage).toBe('Please verify your email address first.');
    expect(new ApiError(500, 'Internal Server Error', 'oops').code).toBeNull();
    expect(new ApiError(409, 'Conflict', '{"message":"x"}').code).toBeNull();
  });

  it('answers undefined for 204 and null for 401 when asked to tolerate it', async () => {
    server.use(
      http.delete('/api/thing', () => new HttpResponse(null, { status: 204 })),
      http.get('/api/secret', () => HttpResponse.json({ message: 'Authentication required' }, { status: 401 })),
    );
    await expect(api.delete('/api/thing')).resolves.toBeUndefined();
    await expect(api.get('/api/secret', { on401: 'returnNull' })).resolves.toBeNull();
    await expect(api.get('/api/secret')).rejects.toThrow('401: {"message":"Authentication required"}');
  });

  it('falls back when the error is not from the API', () => {
    expect(errorMessage(new Error('network'), 'Failed to sign in')).toBe('Failed to sign in');
  });
});
