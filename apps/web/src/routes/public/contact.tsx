import { Container, PageHero, Section } from '../../components/layout';
import { ContactForm } from '../../features/contact/contact-form';
import { ContactInfoCards } from '../../features/contact/contact-info';
import { SupportDetails } from '../../features/contact/support-details';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ContactPage() {
  useDocumentTitle('Contact Us');
  const site = useSite();

  return (
    <>
      <PageHero eyebrow="Contact us" title="We're here to help">
        Questions about an account, a loan or Online Banking? Call, write or visit — a member of our team, not a
        chatbot, will answer.
      </PageHero>

      <section aria-labelledby="contact-ways" className="bg-slate-50 py-12 sm:py-14">
        <Container>
          <h2 id="contact-ways" className="sr-only">
            Ways to reach us
          </h2>
          <ContactInfoCards site={site} />
        </Container>
      </section>

      <Section labelledBy="contact-form-title">
        <div className="grid gap-12 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <h2 id="contact-form-title" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Send us a message
            </h2>
            <p className="mt-2 mb-8 text-slate-600">
              We reply {site.support.emailResponse}. For anything urgent, please call {site.support.phone}.
            </p>
            <ContactForm />
          </div>
          <aside aria-label="Support details">
            <SupportDetails site={site} />
          </aside>
        </div>
      </Section>
    </>
  );
}
