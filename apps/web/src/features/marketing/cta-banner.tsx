import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Container } from '../../components/layout';
import type { NavLink } from '../../components/link-list';
import { outlineOnDarkClass } from './styles';

/** The closing "join us / talk to us" banner shared by the marketing pages. */
export function CtaBanner({
  id,
  title,
  text,
  primary,
  secondary,
  followsWhiteSection = false,
}: {
  id: string;
  title: string;
  text: string;
  primary: NavLink;
  secondary: NavLink;
  /** After a white section its bottom padding already separates us; a second gap looks empty. */
  followsWhiteSection?: boolean;
}) {
  return (
    <section aria-labelledby={id} className={followsWhiteSection ? 'pb-16 sm:pb-20' : 'py-16 sm:py-20'}>
      <Container>
        <div
          className={[
            'relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-dark',
            'via-brand to-accent-dark px-6 py-12 text-center text-white shadow-xl',
            'sm:px-12 sm:py-16',
          ].join(' ')}
        >
          <div aria-hidden="true" className="absolute -top-24 -left-16 h-64 w-64 rounded-full bg-white/10 blur-3xl" />
          <div
            aria-hidden="true"
            className="absolute -right-16 -bottom-24 h-72 w-72 rounded-full bg-accent/30 blur-3xl"
          />
          <div className="relative mx-auto max-w-2xl">
            <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {title}
            </h2>
            <p className="mt-4 text-lg text-white/90">{text}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <ButtonLink to={primary.to} variant="light" size="lg">
                {primary.label}
                <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </ButtonLink>
              <Link to={secondary.to} className={outlineOnDarkClass}>
                {secondary.label}
              </Link>
            </div>
          </div>
        </div>
      </Container>
    </section>
  );
}
