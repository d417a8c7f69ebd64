import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { LoginBody } from '@/contract';
import { FormAlert } from '@/components/form/form-alert';
import { useApiForm } from '@/components/form/use-api-form';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { askedForPage, signIn, safeRedirect } from '@/lib/auth';
import { isApiError } from '@/lib/api-error';

const SignInSearch = z.lazy(() => z.object({ redirect: z.catch(z.optional(z.string()), undefined) }));

export const Route = createFileRoute('/sign-in')({
  validateSearch: SignInSearch,
  component: SignInPage,
});

/** Never says which of the two was wrong, so the form does not tell who has an account. */
function signInFailure(error: unknown): string {
  if (isApiError(error) && error.status === 429)
    return 'Too many attempts. Wait a few minutes and try again.';
  if (isApiError(error) && (error.status === 401 || error.status === 400))
    return 'That email and password do not match.';
  return isApiError(error) ? error.userMessage : 'Sign-in failed.';
}

function SignInPage() {
  const { redirect } = Route.useSearch();
  const router = useRouter();
  const queryClient = useQueryClient();
  const form = useApiForm({
    initial: { username: '', password: '' },
    toBody: (values) => ({ username: values.username.trim(), password: values.password }),
    schema: LoginBody,
    submit: signIn,
    describeFailure: signInFailure,
    onFailure: () => form.setValues({ ...form.values, password: '' }),
    onSuccess: async () => {
      queryClient.clear();
      await router.navigate({ href: safeRedirect(redirect), replace: true });
    },
  });
  const { values, errors } = form;

  return (
    <div className="grid min-h-full place-items-center bg-surface p-6">
      <form
        onSubmit={form.onSubmit}
        className="flex w-full max-w-sm flex-col gap-4 rounded-lg border border-border bg-raised p-6 shadow-sm"
        noValidate
      >
        <div>
          <h1 className="text-lg font-semibold">Sign in to Chatdesk</h1>
          {askedForPage(redirect) ? (
            <p className="mt-1 text-muted">
              Sign in to continue; you will come back to the page you asked for.
            </p>
          ) : null}
        </div>
        <Field label="Email" error={errors.username}>
          {(props) => (
            <Input
              {...props}
              type="email"
              autoComplete="username"
              value={values.username}
              onChange={(e) => form.setValue('username', e.target.value)}
              autoFocus
            />
          )}
        </Field>
        <Field label="Password" error={errors.password}>
          {(props) => (
            <Input
              {...props}
              type="password"
              autoComplete="current-password"
              value={values.password}
              onChange={(e) => form.setValue('password', e.target.value)}
            />
          )}
        </Field>
        <FormAlert message={form.formError} />
        <Button type="submit" variant="primary" disabled={form.pending}>
          {form.pending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </div>
  );
}
