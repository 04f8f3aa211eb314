import { BadgePercent, CalendarClock, Coins, Home, Landmark, PiggyBank, Smartphone, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Callout, Highlight, Highlights, RateNote } from './prose';
import type { ContentPageDefinition } from './types';

export const creditCardsPage: ContentPageDefinition = {
  path: '/credit-cards',
  title: 'Credit cards',
  eyebrow: 'Borrow',
  intro: (site) =>
    `A credit card from a not-for-profit: ${site.rates.introApr} intro APR for ${site.rates.introAprMonths} months ` +
    `and ${site.rates.cashBack} cash back on every purchase.`,
  body: (site) => (
    <>
      <Highlights>
        <Highlight
          icon={BadgePercent}
          value={`${site.rates.introApr} APR`}
          label={`intro rate for ${site.rates.introAprMonths} months`}
        />
        <Highlight icon={Coins} value={`${site.rates.cashBack}`} label="cash back on purchases" />
        <Highlight icon={Smartphone} value="Lock & unlock" label="your card any time in Online Banking" />
      </Highlights>
      <h2>What you get</h2>
      <ul>
        {/* prettier-ignore */}
        <li>
          <strong>{site.rates.introApr} introductory APR</strong> on purchases for the first{' '}
          {site.rates.introAprMonths} months. After that, a variable APR based on your credit history, shown to you
          before you accept.
        </li>
        <li>
          <strong>{site.rates.cashBack} cash back</strong> on every purchase, with no categories to track.
        </li>
        <li>Card controls in Online Banking: lock a misplaced card, report it lost and see recent transactions.</li>
        <li>Fraud monitoring, and protection against purchases you did not make when you report them promptly.</li>
      </ul>
      <h2>How to apply</h2>
      <ol>
        <li>
          Become a member, if you are not one already (<Link to="/signup">see what you need to join</Link>).
        </li>
        <li>
          <Link to="/contact">Tell us you would like a card</Link> (subject “Loans &amp; Mortgages”) or call{' '}
          {site.support.phone}.
        </li>
        <li>We review your application and explain the rate and limit we can offer before you decide.</li>
      </ol>
      <RateNote>
        APR = Annual Percentage Rate. The introductory rate applies to purchases made during the introductory period.
        Rates, fees and rewards are subject to credit approval and may change; the full terms are disclosed before you
        apply.
      </RateNote>
    </>
  ),
  cta: {
    title: 'Questions about a card?',
    text: (site) => `Talk to us at ${site.support.phone} or send a message.`,
    primary: { to: '/contact', label: 'Ask about a card' },
    secondary: { to: '/products', label: 'All products' },
  },
  related: ['/products', '/security', '/calculators'],
};

export const mortgagesPage: ContentPageDefinition = {
  path: '/mortgages',
  title: 'Mortgages',
  eyebrow: 'Home loans',
  intro: (site) =>
    `Buying your first home, moving or refinancing: local loan officers and rates from ${site.rates.mortgageFrom} APR.`,
  body: (site) => (
    <>
      <Highlights>
        <Highlight icon={TrendingUp} value={site.rates.mortgageFrom} label="APR, our lowest fixed rate" />
        <Highlight icon={Home} value="Local" label="decisions by people who know the area" />
        <Highlight icon={CalendarClock} value="15 – 30 yr" label="fixed-rate terms" />
      </Highlights>
      <h2>Home loans for every stage</h2>
      <h3>Fixed-rate mortgages</h3>
      <p>The same principal-and-interest payment for the life of the loan, over 15, 20 or 30 years.</p>
      <h3>Adjustable-rate mortgages</h3>
      <p>A lower starting rate that adjusts after an initial fixed period, with caps on every adjustment.</p>
      <h3>First-time buyers</h3>
      <p>Lower down-payment options and a loan officer who walks you through every step, from pre-approval to keys.</p>
      <h3>Refinancing</h3>
      <p>Lower your rate, shorten your term or consolidate debt. We will show you whether it is worth it.</p>
      <h2>How it works</h2>
      <ol>
        <li>
          Estimate your payment with our <Link to="/calculators">loan calculator</Link>.
        </li>
        <li>
          <Link to="/schedule">Meet a loan officer</Link> to talk through your budget and get pre-approved.
        </li>
        <li>Find your home, and we handle the appraisal, underwriting and closing.</li>
      </ol>
      <RateNote>
        APR = Annual Percentage Rate. “From {site.rates.mortgageFrom}” is our lowest rate for borrowers with excellent
        credit; your rate depends on your credit, the loan amount, the term and the down payment. Rates are subject to
        change and to credit approval.
      </RateNote>
    </>
  ),
  cta: {
    title: 'Start with a conversation',
    text: () => 'A loan officer will help you understand what you can afford — with no obligation.',
    primary: { to: '/schedule', label: 'Schedule a meeting' },
    secondary: { to: '/calculators', label: 'Estimate a payment' },
  },
  related: ['/calculators', '/schedule', '/products'],
};

export const checkingPage: ContentPageDefinition = {
  path: '/accounts/checking',
  title: 'Checking',
  eyebrow: 'Accounts',
  intro: () => 'An everyday account with a debit card, Online Banking, bill pay and mobile check deposit.',
  body: (site) => (
    <>
      <Highlights>
        <Highlight icon={Smartphone} value="Online" label="transfers, bill pay and mobile deposit" />
        <Highlight icon={Landmark} value={site.about.branches} label="branches, plus shared ATM networks" />
        <Highlight icon={PiggyBank} value="Insured" label="by the NCUA" />
      </Highlights>
      <h2>Everything you need day to day</h2>
      <ul>
        <li>A debit card you can lock, unlock or report lost from Online Banking.</li>
        <li>Transfers between your accounts, to other members, to other US banks and abroad.</li>
        <li>Bill pay scheduled ahead, and mobile check deposit with your phone's camera.</li>
        <li>Monthly statements to download or receive by e-mail.</li>
      </ul>
      <h2>Direct deposit</h2>
      <p>Give your employer our routing number and your account number, shown in Online Banking.</p>
      <Callout>
        <p>
          Routing number: <strong className="font-mono">{site.routingNumber}</strong>
        </p>
      </Callout>
      <h2>Opening an account</h2>
      <p>
        Every checking account starts with membership: <Link to="/signup">become a member</Link>. Applications are
        reviewed in {site.approvalTime}, and your checking and savings accounts open as soon as you are approved.
      </p>
      <RateNote>{site.ncuaNotice}</RateNote>
    </>
  ),
  cta: {
    title: 'Ready to open your account?',
    text: (site) => `Questions first? Call ${site.support.phone}.`,
    primary: { to: '/signup', label: 'Become a member' },
    secondary: { to: '/accounts/savings', label: 'Savings accounts' },
  },
  related: ['/accounts/savings', '/locations', '/security'],
};

export const savingsPage: ContentPageDefinition = {
  path: '/accounts/savings',
  title: 'Savings',
  eyebrow: 'Accounts',
  intro: (site) =>
    `Grow your money with savings at up to ${site.rates.savingsApy} APY ` +
    `and share certificates at ${site.rates.certificateApy} APY.`,
  body: (site) => (
    <>
      <Highlights>
        <Highlight icon={TrendingUp} value={site.rates.savingsApy} label="APY on high-yield savings" />
        <Highlight icon={CalendarClock} value={site.rates.certificateApy} label="APY on share certificates" />
        <Highlight icon={PiggyBank} value="Insured" label="by the NCUA" />
      </Highlights>
      <h2>Choose how you save</h2>
      <h3>Share savings</h3>
      <p>
        Your membership share: the account that makes you a member-owner. It opens with your checking account when you
        join.
      </p>
      <h3>High-yield savings</h3>
      <p>
        Earn up to {site.rates.savingsApy} APY with access to your money whenever you need it, through transfers in
        Online Banking.
      </p>
      <h3>Share certificates</h3>
      <p>
        Lock in {site.rates.certificateApy} APY for a fixed term. Higher returns in exchange for leaving the money in
        place; early withdrawals may carry a penalty.
      </p>
      <h2>Saving made simple</h2>
      <ul>
        <li>Move money between checking and savings instantly in Online Banking.</li>
        <li>Set aside part of every paycheck with direct deposit.</li>
        <li>See every transaction and download monthly statements.</li>
      </ul>
      <RateNote>
        APY = Annual Percentage Yield. Rates are variable (except for certificates during their term) and may change
        after the account is opened. Fees may reduce earnings. {site.ncuaNotice}
      </RateNote>
    </>
  ),
  cta: {
    title: 'Start saving today',
    text: () => 'Become a member and your share savings account opens with your checking account.',
    primary: { to: '/signup', label: 'Become a member' },
    secondary: { to: '/accounts/checking', label: 'Checking accounts' },
  },
  related: ['/accounts/checking', '/products', '/calculators'],
};
