import { PageHero } from '../../components/layout';
import { AboutCounters } from '../../features/marketing/about-counters';
import { AboutTimeline, MissionAndValues } from '../../features/marketing/about-story';
import { CtaBanner } from '../../features/marketing/cta-banner';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AboutPage() {
  useDocumentTitle('About');
  const { brand, about } = useSite();
  return (
    <>
      <PageHero eyebrow="About us" title={`People helping people since ${about.founded}`}>
        <p>
          {brand.name} is a member-owned, not-for-profit credit union. We exist to help our members and our community
          thrive — not to make money for outside shareholders.
        </p>
      </PageHero>
      <AboutCounters />
      <MissionAndValues />
      <AboutTimeline />
      <CtaBanner
        id="about-cta-title"
        title="Become part of the story"
        text="Membership is open to everyone in our community. Join today, or talk to us about what you need."
        primary={{ to: '/signup', label: 'Become a Member' }}
        secondary={{ to: '/contact', label: 'Contact Us' }}
      />
    </>
  );
}
