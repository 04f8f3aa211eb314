import { Quote, Star } from 'lucide-react';
import { Section, SectionHeading } from '../../components/layout';

const testimonials = [
  {
    quote:
      'When we bought our first home, the mortgage team walked us through every step. ' +
      'We closed in three weeks and still have the same loan officer on speed dial.',
    name: 'Maria Gonzalez',
    detail: 'First-time homebuyer',
    avatar: 'from-brand to-accent',
  },
  {
    quote:
      'Switching my bakery’s accounts was the best business decision I made last year. ' +
      'Lower fees, a real local lender, and merchant deposits that land the next day.',
    name: 'James Thompson',
    detail: 'Small business owner',
    avatar: 'from-accent-dark to-brand',
  },
  {
    quote:
      'The app does everything I need — mobile deposit, instant alerts, card lock. ' +
      'And when I do call, a person picks up. It feels like banking with neighbours.',
    name: 'Priya Shah',
    detail: 'Member since 2019',
    avatar: 'from-brand-dark to-accent-dark',
  },
];

function initials(name: string) {
  return name
    .split(' ')
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2);
}

export function Testimonials() {
  return (
    <Section labelledBy="testimonials-title">
      <SectionHeading
        id="testimonials-title"
        eyebrow="Member stories"
        title="Why our members stay for life"
        description="Don’t just take our word for it. Here is what members say about banking with us."
      />
      <ul className="grid gap-6 lg:grid-cols-3">
        {testimonials.map((testimonial) => (
          <li key={testimonial.name}>
            <figure
              className={[
                'relative flex h-full flex-col rounded-2xl border border-slate-200',
                'bg-white p-6 shadow-sm sm:p-8',
              ].join(' ')}
            >
              <Quote className="absolute top-6 right-6 h-8 w-8 text-brand-soft" aria-hidden="true" />
              <p className="flex gap-0.5 text-amber-500">
                {[0, 1, 2, 3, 4].map((index) => (
                  <Star key={index} className="h-5 w-5 fill-current" aria-hidden="true" />
                ))}
                <span className="sr-only">Rated 5 out of 5</span>
              </p>
              <blockquote className="mt-4 flex-1 text-slate-700">
                <p>“{testimonial.quote}”</p>
              </blockquote>
              <figcaption className="mt-6 flex items-center gap-3 border-t border-slate-100 pt-6">
                <span
                  aria-hidden="true"
                  className={[
                    'flex h-11 w-11 shrink-0 items-center justify-center rounded-full',
                    'bg-gradient-to-br text-sm font-bold text-white',
                    testimonial.avatar,
                  ].join(' ')}
                >
                  {initials(testimonial.name)}
                </span>
                <span>
                  <span className="block font-semibold text-slate-900">{testimonial.name}</span>
                  <span className="block text-sm text-slate-600">{testimonial.detail}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
