import { Building2, CalendarDays, HandHeart, Landmark, Phone, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Callout, Highlight, Highlights } from './prose';
import type { ContentPageDefinition } from './types';

const number = new Intl.NumberFormat('en-US');

export const careersPage: ContentPageDefinition = {
  path: '/careers',
  title: 'Careers',
  eyebrow: 'Work with us',
  intro: (site) =>
    `At ${site.brand.name} the people we serve are also the owners. ` +
    'If you want your work to help neighbors build savings, buy homes and get out of debt, ' +
    "we'd like to meet you.",
  body: (site) => (
    <>
      <Highlights>
        <Highlight icon={Users} value={number.format(site.about.members)} label="members we serve" />
        <Highlight icon={Building2} value={site.about.branches} label="branches in our community" />
        <Highlight icon={CalendarDays} value={site.about.founded} label="the year we were founded" />
      </Highlights>
      <h2>Why work at a credit union</h2>
      <p>
        We are a not-for-profit cooperative. There are no outside shareholders to please, so we measure success by how
        well our members are doing — and we expect every role, from the teller line to the back office, to make that
        difference visible.
      </p>
      <ul>
        <li>Training from day one, and support for professional certifications as you grow.</li>
        <li>Paid volunteer time for the financial-education programs we run in local schools.</li>
        <li>A team that takes security and honest advice seriously: no sales quotas on our members.</li>
      </ul>
      <h2>Where we hire</h2>
      <h3>Branches and member services</h3>
      <p>Member service representatives, tellers and branch managers who help members in person and by phone.</p>
      <h3>Lending</h3>
      <p>Loan officers, underwriters and mortgage specialists who guide members through borrowing decisions.</p>
      <h3>Operations and technology</h3>
      <p>Payments, fraud prevention, compliance and the engineers who keep Online Banking secure and available.</p>
      <h2>How to apply</h2>
      <p>
        Open positions are posted in our branches when they become available. To ask about a role or to send us a
        general application, <Link to="/contact">write to us</Link> with the subject “General Inquiry” and we will tell
        you how to apply.
      </p>
      <Callout tone="warning">
        <p>
          <strong>Beware of recruitment scams.</strong> We never ask applicants for money, bank details or a copy of a
          card during hiring. If in doubt, call us at {site.support.phone}.
        </p>
      </Callout>
      <p>
        {site.brand.name} is an equal opportunity employer. We welcome applicants of every background and provide
        reasonable accommodations during the hiring process on request.
      </p>
    </>
  ),
  cta: {
    title: 'Interested in joining the team?',
    text: () => 'Tell us a little about yourself and the kind of role you are looking for.',
    primary: { to: '/contact', label: 'Contact us' },
    secondary: { to: '/about', label: 'About us' },
  },
  related: ['/about', '/community', '/locations'],
};

export const communityPage: ContentPageDefinition = {
  path: '/community',
  title: 'In our community',
  eyebrow: 'Community',
  intro: (site) =>
    `${site.brand.name} was founded by neighbors, for neighbors. ` +
    'Part of what we earn goes back to the places our members live and work.',
  body: (site) => (
    <>
      <Highlights>
        <Highlight icon={HandHeart} value={`$${site.about.impactMillions}M`} label="invested in local programs" />
        <Highlight icon={Users} value={number.format(site.about.members)} label="member-owners" />
        <Highlight icon={Building2} value={site.about.branches} label="branches close to home" />
      </Highlights>
      <h2>Financial education</h2>
      <p>
        Free workshops, open to members and non-members alike, on the things that matter most: building a budget,
        understanding credit scores, buying a first home and planning for retirement. Our staff also teach money basics
        in local schools.
      </p>
      <h2>Grants and sponsorships</h2>
      {/* prettier-ignore */}
      <p>
        We support local non-profits, schools and youth sports with small grants and sponsorships, with a focus on
        financial well-being, housing and education. To request support,{' '}
        <Link to="/contact">send us a message</Link> describing your organization and your project.
      </p>
      <h2>Volunteering</h2>
      <p>
        Every employee receives paid volunteer time. Our teams help at food banks, run tax-preparation help for families
        and pitch in at community clean-ups.
      </p>
      <h2>Why a cooperative gives back</h2>
      <p>
        Credit unions follow seven cooperative principles; the seventh is <strong>concern for community</strong>. As a
        not-for-profit, we return value to members through better rates and lower fees, and to our community through the
        programs on this page.
      </p>
    </>
  ),
  cta: {
    title: 'Have a community project in mind?',
    text: () => 'We read every request and reply to each one.',
    primary: { to: '/contact', label: 'Tell us about it' },
    secondary: { to: '/careers', label: 'Work with us' },
  },
  related: ['/about', '/careers', '/schedule'],
};

export const locationsPage: ContentPageDefinition = {
  path: '/locations',
  title: 'Branches & ATMs',
  eyebrow: 'Locations',
  intro: (site) =>
    `Bank in person at any of our ${site.about.branches} branches, or get cash at ATMs near you. ` +
    `Our main branch is in ${site.address.city}, ${site.address.state}.`,
  body: (site) => (
    <>
      <h2>Main branch</h2>
      <div className="mb-8 grid gap-4 sm:grid-cols-2">
        <div className="rounded-2xl border border-slate-200 p-5">
          <Landmark className="h-6 w-6 text-accent-dark" aria-hidden="true" />
          <h3 className="mt-3! mb-1!">{site.brand.name} — Main Branch</h3>
          <address className="not-italic">
            {site.address.street}
            <br />
            {site.address.city}, {site.address.state} {site.address.postalCode}
          </address>
        </div>
        <div className="rounded-2xl border border-slate-200 p-5">
          <Phone className="h-6 w-6 text-accent-dark" aria-hidden="true" />
          <h3 className="mt-3! mb-1!">Before you visit</h3>
          <p className="mb-0!">
            Call <a href={`tel:${site.support.phone}`}>{site.support.phone}</a> ({site.support.hours}) for branch hours
            and to book time with a specialist.
          </p>
        </div>
      </div>
      <h2>Our other branches</h2>
      <p>
        We have {site.about.branches} branches across the region. Each one can open accounts, take loan applications,
        issue cashier's checks and help with Online Banking. Call us and we will direct you to the branch nearest to
        you, or <Link to="/schedule">schedule a meeting</Link> so a specialist is ready when you arrive.
      </p>
      <h2>ATM network</h2>
      <ul>
        <li>Withdrawals at our own ATMs are always free for members.</li>
        <li>
          Through the shared credit-union ATM networks we belong to, you can also withdraw without a surcharge at many
          other credit-union ATMs. Ask us which networks your card works with.
        </li>
        <li>At other ATMs the machine's owner may charge a fee; the ATM shows it before you confirm.</li>
        <li>
          Card lost or stolen? Call <a href={`tel:${site.support.phone}`}>{site.support.phone}</a> right away.
        </li>
      </ul>
      <h2>Accessible branches</h2>
      <p>
        Our staff are happy to help with forms, read documents aloud or meet you in a quiet room. Let us know in advance
        if you need step-free access, an interpreter or another accommodation, and we will arrange it.
      </p>
    </>
  ),
  cta: {
    title: 'Planning a visit?',
    text: () => 'Book time with a specialist so there is no wait when you arrive.',
    primary: { to: '/schedule', label: 'Schedule a meeting' },
    secondary: { to: '/contact', label: 'Contact us' },
  },
  related: ['/schedule', '/security', '/accessibility'],
};

export const schedulePage: ContentPageDefinition = {
  path: '/schedule',
  title: 'Schedule a meeting',
  eyebrow: 'Meet with us',
  intro: () =>
    'Sit down with a member service representative or a loan officer — in a branch or by phone — ' +
    'at a time that suits you.',
  body: (site) => (
    <>
      <h2>What we can help with</h2>
      <ul>
        <li>Becoming a member and opening checking, savings or certificate accounts</li>
        <li>Personal, auto and home loans, and refinancing an existing loan</li>
        <li>A free financial check-up: budgeting, credit and saving goals</li>
        <li>Help getting started with Online Banking</li>
      </ul>
      <h2>How to book</h2>
      <ol>
        <li>
          <Link to="/contact">Send us a message</Link> and choose the subject that fits (for example “Account Services”
          or “Loans &amp; Mortgages”). Tell us two or three times that work for you and whether you prefer a branch or a
          phone call.
        </li>
        <li>
          Or call <a href={`tel:${site.support.phone}`}>{site.support.phone}</a>, {site.support.hours}.
        </li>
        <li>We confirm the appointment {site.support.emailResponse}, by e-mail or phone as you prefer.</li>
      </ol>
      <h2>What to bring</h2>
      <ul>
        <li>A valid government-issued photo ID (driver's license, passport or national ID)</li>
        <li>Proof of your current address, such as a recent utility bill</li>
        <li>For a loan: recent pay stubs or other proof of income, and details of any existing debts</li>
      </ul>
      <Callout>
        <p>
          Meetings are free and there is no obligation. We will never ask for your Online Banking password or sign-in
          codes, in a branch or on the phone.
        </p>
      </Callout>
    </>
  ),
  cta: {
    title: 'Ready to book?',
    text: (site) => `Send us a message, or call ${site.support.phone}.`,
    primary: { to: '/contact', label: 'Request a meeting' },
    secondary: { to: '/locations', label: 'Find a branch' },
  },
  related: ['/locations', '/calculators', '/mortgages'],
};
