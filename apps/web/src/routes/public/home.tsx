import { CommunitySection } from '../../features/marketing/community-section';
import { CtaBanner } from '../../features/marketing/cta-banner';
import { HomeHero, QuickActions } from '../../features/marketing/home-hero';
import { InnovationStats } from '../../features/marketing/innovation-stats';
import { MarketOverview } from '../../features/marketing/market-overview';
import { ServiceCards } from '../../features/marketing/service-cards';
import { Testimonials } from '../../features/marketing/testimonials';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';

export function HomePage() {
  useDocumentTitle(null);
  const { brand, approvalTime } = useSite();
  return (
    <>
      <HomeHero />
      <QuickActions />
      <ServiceCards />
      <MarketOverview />
      <InnovationStats />
      <Testimonials />
      <CommunitySection />
      <CtaBanner
        id="join-title"
        title={`Ready to join ${brand.shortName}?`}
        text={
          `Apply online in about ten minutes; most applications are reviewed within ${approvalTime}. ` +
          'Questions first? Our team is happy to help.'
        }
        primary={{ to: '/signup', label: 'Become a Member' }}
        secondary={{ to: '/contact', label: 'Contact Us' }}
      />
    </>
  );
}
