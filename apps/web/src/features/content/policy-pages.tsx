import { KeyRound, LockKeyhole, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Callout, Highlight, Highlights } from './prose';
import type { ContentPageDefinition } from './types';

export const securityPage: ContentPageDefinition = {
  path: '/security',
  title: 'Security Center',
  eyebrow: 'Security',
  intro: () =>
    'How we keep your money and your information safe, how to spot a scam, and what to do if something looks wrong.',
  body: (site) => (
    <>
      <Callout tone="warning">
        <p>
          <strong>We will never ask for your password, a sign-in code or your card PIN</strong> — not by phone, e-mail,
          text or in a branch. Anyone who asks is a fraudster. Hang up and call us at{' '}
          <a href={`tel:${site.support.phone}`}>{site.support.phone}</a>.
        </p>
      </Callout>
      <Highlights>
        <Highlight icon={KeyRound} value="2-step" label="sign-in with a one-time code" />
        <Highlight icon={LockKeyhole} value="Encrypted" label="connections, always over HTTPS" />
        <Highlight icon={ShieldCheck} value="NCUA" label="federally insured deposits" />
      </Highlights>
      <h2>How we protect you</h2>
      <ul>
        <li>
          <strong>Two-step sign-in.</strong> After your password, Online Banking asks for a 6-digit code from an e-mail,
          an authenticator app or a backup code. Codes expire, work once and are never stored in readable form.
        </li>
        <li>
          <strong>Sessions that end.</strong> You are signed out automatically after a period of inactivity.
        </li>
        <li>
          <strong>Alerts.</strong> We notify you when your account is signed in to from a new device.
        </li>
        <li>
          <strong>Accountable staff.</strong> Every change our staff make to an account is recorded with who made it,
          when and why.
        </li>
        <li>
          <strong>No third-party trackers.</strong> Our website loads no advertising or analytics scripts.
        </li>
      </ul>
      <h2>Protect yourself</h2>
      <ul>
        <li>Use a unique password for Online Banking, and never share it or your codes with anyone.</li>
        <li>Type our address yourself or use a bookmark; do not sign in through links in e-mails or texts.</li>
        <li>Be wary of urgency: “your account will be closed”, “act now” and requests for gift cards are scams.</li>
        <li>Keep your phone and computer up to date, and lock them with a PIN or password.</li>
      </ul>
      <h2>Report fraud or a lost card</h2>
      <p>If you think someone has your details, or you see a transaction you do not recognize:</p>
      <ol>
        <li>
          Call us straight away at <a href={`tel:${site.support.phone}`}>{site.support.phone}</a> ({site.support.hours}
          ). We can lock your card and accounts while we investigate.
        </li>
        <li>Change your Online Banking password.</li>
        <li>
          Forward suspicious e-mails to <a href={`mailto:${site.support.email}`}>{site.support.email}</a>, then delete
          them.
        </li>
      </ol>
      <p>
        The sooner you tell us, the more we can do — and federal rules limit your liability when you report quickly.
      </p>
    </>
  ),
  cta: {
    title: 'Something does not look right?',
    text: (site) => `Call us now at ${site.support.phone}. For anything else, send us a message.`,
    primary: { to: '/contact', label: 'Contact us' },
    secondary: { to: '/locations', label: 'Find a branch' },
  },
  related: ['/privacy', '/terms', '/accessibility'],
};

export const privacyPage: ContentPageDefinition = {
  path: '/privacy',
  title: 'Privacy',
  eyebrow: 'Your information',
  intro: (site) =>
    `What ${site.brand.name} collects about you, why, who sees it and the choices you have — in plain language.`,
  body: (site) => (
    <>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>What you tell us:</strong> your name, address, date of birth, contact details and identity document
          when you apply for membership, and anything you write in a message to us.
        </li>
        <li>
          <strong>Your accounts:</strong> balances, transactions, transfers, payments and statements.
        </li>
        <li>
          <strong>Technical details:</strong> the IP address and browser used to sign in or send us a message, to detect
          fraud and abuse.
        </li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        To run your accounts, to verify your identity as the law requires, to protect you and the credit union from
        fraud, to answer your questions and to meet our legal and regulatory obligations.
      </p>
      <h2>Who we share it with</h2>
      <p>
        <strong>We do not sell your information.</strong> We share it only with service providers that help us run your
        accounts (for example card processing or mail delivery) under contracts that limit its use, and with regulators,
        courts or law enforcement when the law requires it.
      </p>
      <h2>Cookies</h2>
      <p>
        We use only the cookies needed to keep you signed in and secure. There are no advertising cookies and no
        third-party tracking on our website.
      </p>
      <h2>How long we keep it</h2>
      <p>
        Financial records are kept for as long as banking law requires, usually several years after an account is
        closed. Other information is deleted when we no longer need it.
      </p>
      <h2>Your choices</h2>
      <ul>
        <li>Update your contact details and notification preferences in Online Banking.</li>
        <li>Ask for a copy of the information we hold about you, or for a correction.</li>
        <li>
          Ask for our annual privacy notice, which describes your rights to limit sharing under federal law (the
          Gramm-Leach-Bliley Act).
        </li>
      </ul>
      <p>
        Questions? Write to <a href={`mailto:${site.support.email}`}>{site.support.email}</a> or{' '}
        <Link to="/contact">send us a message</Link>.
      </p>
    </>
  ),
  cta: {
    title: 'Questions about your information?',
    text: (site) => `We reply ${site.support.emailResponse}.`,
    primary: { to: '/contact', label: 'Contact us' },
    secondary: { to: '/security', label: 'Security Center' },
  },
  related: ['/security', '/terms', '/accessibility'],
};

export const termsPage: ContentPageDefinition = {
  path: '/terms',
  title: 'Terms of use',
  eyebrow: 'Legal',
  intro: (site) =>
    `The rules for using ${site.brand.name}'s website and Online Banking. ` +
    'Your account agreement and disclosures govern your accounts themselves.',
  body: (site) => (
    <>
      <h2>Using Online Banking</h2>
      <p>
        Online Banking is available to members whose membership application has been approved. By signing in you agree
        to these terms and to the account agreement and fee schedule you received when you joined.
      </p>
      <h2>Keeping your access secure</h2>
      <ul>
        <li>Your password and sign-in codes are for you alone; do not share them, even with family.</li>
        <li>Sign out when you finish, especially on a shared device.</li>
        <li>
          Tell us at once at <a href={`tel:${site.support.phone}`}>{site.support.phone}</a> if you think someone else
          knows your password or has used your account.
        </li>
      </ul>
      <h2>Transfers and payments</h2>
      <ul>
        <li>Transfers between your own accounts and to other members post immediately when funds are available.</li>
        <li>
          Transfers to other banks and international transfers hold the funds and stay pending until they settle. We
          will tell you if one is returned, and why.
        </li>
        <li>International transfers cannot be reversed once sent; fees and processing time may apply.</li>
        <li>
          Limits on the number and size of transfers apply to protect your account and are shown in Online Banking.
        </li>
      </ul>
      <h2>Availability</h2>
      <p>
        We work to keep Online Banking available at all times, but it may be unavailable during maintenance or events
        outside our control. You can always reach us by phone, {site.support.hours}.
      </p>
      <h2>Electronic communications</h2>
      <p>
        We may send notices, statements and security codes to the e-mail address on your account. Keep it up to date.
      </p>
      <h2>Changes</h2>
      <p>
        We may update these terms. When a change affects your rights we will tell you in advance, as the law requires.
      </p>
    </>
  ),
  cta: {
    title: 'Questions about these terms?',
    text: () => 'We are happy to explain anything in plain language.',
    primary: { to: '/contact', label: 'Contact us' },
    secondary: { to: '/privacy', label: 'Privacy' },
  },
  related: ['/privacy', '/security', '/accessibility'],
};

export const accessibilityPage: ContentPageDefinition = {
  path: '/accessibility',
  title: 'Accessibility',
  eyebrow: 'For everyone',
  intro: (site) =>
    `${site.brand.name} wants every member to be able to bank with us independently, online and in person.`,
  body: (site) => (
    <>
      <h2>Our standard</h2>
      <p>
        We design and test our website and Online Banking against the Web Content Accessibility Guidelines (WCAG) 2.2,
        level AA, and we check every release with automated tools and by hand.
      </p>
      <h2>What this means for you</h2>
      <ul>
        <li>Every page can be used with a keyboard alone, and a “Skip to content” link starts each page.</li>
        <li>Form fields have labels, and errors are announced by screen readers next to the field they concern.</li>
        <li>Text has strong color contrast and stays readable when you zoom to 200% or more.</li>
        <li>Animations are reduced when your device asks for reduced motion.</li>
      </ul>
      <h2>Other ways to bank</h2>
      <p>
        You can reach us by phone at <a href={`tel:${site.support.phone}`}>{site.support.phone}</a> (
        {site.support.hours}
        ), through the free 711 relay service, or in any branch. Ask us for statements and documents in large print or
        another format.
      </p>
      <h2>Tell us about a barrier</h2>
      {/* prettier-ignore */}
      <p>
        If something on our website is hard to use, please tell us what you were trying to do and which page it
        was. <Link to="/contact">Send us a message</Link> with the subject “Technical Support”, or write to{' '}
        <a href={`mailto:${site.support.email}`}>{site.support.email}</a>. We reply {site.support.emailResponse}.
      </p>
    </>
  ),
  cta: {
    title: 'Found something hard to use?',
    text: () => 'Your feedback goes straight to the team that builds our website.',
    primary: { to: '/contact', label: 'Send feedback' },
    secondary: { to: '/locations', label: 'Visit a branch' },
  },
  related: ['/locations', '/privacy', '/terms'],
};
