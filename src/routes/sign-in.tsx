import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { signIn, safeRedirect } from '@/lib/auth';
import { isApiError } from '@/lib/api-error';

const SignInSearch = z.object({ redirect: z.catch(z.optional(z.string()), undefined) });

export const Route = createFileRoute('/sign-in')({
  validateSearch: SignInSearch,
  component: SignInPage,
});

function SignInPage() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError('Enter your email and password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn({ username: username.trim(), password });
      queryClient.clear();
      await router.navigate({ href: safeRedirect(redirect), replace: true });
    } catch (caught) {
      if (isApiError(caught) && caught.status === 429)
        setError('Too many attempts. Wait a few minutes and try again.');
      else if (isApiError(caught) && (caught.status === 401 || caught.status === 400))
        setError('That email and password do not match.');
      else setError(isApiError(caught) ? caught.userMessage : 'Sign-in failed.');
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid min-h-full place-items-center bg-surface p-6">
      <form
        onSubmit={submit}
        className="flex w-full max-w-sm flex-col gap-4 rounded-lg border border-border bg-raised p-6 shadow-sm"
        noValidate
      >
        <div>
          <h1 className="text-lg font-semibold">Sign in to Chatdesk</h1>
          {redirect ? (
            <p className="mt-1 text-muted">Sign in to continue; you will come back to the page you asked for.</p>
          ) : null}
        </div>
        <Field label="Email">
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoFocus
            />
          )}
        </Field>
        <Field label="Password">
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {error ? (
          <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
            {error}
          </p>
        ) : null}
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </div>
  );
}
