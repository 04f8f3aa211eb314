import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Container } from '../../components/layout';

/** The grey page behind every sign-in screen, with one centred column. */
export function AuthShell({ children, width = 'md' }: { children: ReactNode; width?: 'md' | 'lg' | '3xl' }) {
  const max = { md: 'max-w-md', lg: 'max-w-2xl', '3xl': 'max-w-3xl' }[width];
  return (
    <div className="bg-slate-50">
      <Container className="py-10 sm:py-16">
        <div className={`mx-auto w-full ${max} space-y-6`}>{children}</div>
      </Container>
    </div>
  );
}

/** A white card with the page's one <h1>. */
export function AuthCard({
  eyebrow,
  title,
  description,
  icon: Icon,
  children,
}: {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
      {Icon && (
        <span className="mb-4 inline-flex h-12 w-12 items-center justify-center rounded-xl bg-brand-soft text-brand">
          <Icon className="h-6 w-6" aria-hidden="true" />
        </span>
      )}
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">{eyebrow}</p>}
      <h1 className={`text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl ${eyebrow ? 'mt-1' : ''}`}>
        {title}
      </h1>
      {description && <div className="mt-2 text-slate-600">{description}</div>}
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}

/** An inline text link in the brand colour. */
export const textLinkClass = 'font-medium text-brand underline-offset-2 hover:underline';

/** The "Back to sign in" link under the form of a password screen. */
export function BackToSignIn() {
  return (
    <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm">
      <Link to="/login" className={`inline-flex items-center gap-1.5 ${textLinkClass}`}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to sign in
      </Link>
    </p>
  );
}

/** "Already have an account? Sign in", under the application. */
export function SignInPrompt({ className }: { className: string }) {
  return (
    <p className={className}>
      Already have an account?{' '}
      <Link to="/login" className={textLinkClass}>
        Sign in
      </Link>
    </p>
  );
}
