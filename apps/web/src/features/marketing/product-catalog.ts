import type { PublicSite } from '@mutual/shared';
import {
  Briefcase,
  Building2,
  Car,
  CreditCard,
  HandCoins,
  Home,
  Landmark,
  type LucideIcon,
  PiggyBank,
  ShoppingCart,
  Timer,
} from 'lucide-react';

export type ProductAudience = 'personal' | 'business';

export interface Product {
  name: string;
  icon: LucideIcon;
  /** Rate labels, built from the configured rates (never hard-coded figures). */
  rateLabels: string[];
  description: string;
  features: string[];
}

type Rates = PublicSite['rates'];

export function productsFor(audience: ProductAudience, rates: Rates): Product[] {
  return audience === 'personal' ? personalProducts(rates) : businessProducts(rates);
}

function personalProducts(rates: Rates): Product[] {
  return [
    {
      name: 'High-Yield Savings',
      icon: PiggyBank,
      rateLabels: [`${rates.savingsApy} APY`],
      description: 'A savings account that rewards you for saving, with no monthly fee.',
      features: ['No minimum balance to earn', 'Free transfers to checking', 'Federally insured by NCUA'],
    },
    {
      name: 'Certificates',
      icon: Timer,
      rateLabels: [`${rates.certificateApy} APY`],
      description: 'Lock in a guaranteed rate for a term that fits your goals.',
      features: ['Terms from 6 to 60 months', 'Guaranteed fixed rate', 'Add-on and IRA options'],
    },
    {
      name: 'Rewards Credit Card',
      icon: CreditCard,
      rateLabels: [`${rates.introApr} APR for ${rates.introAprMonths} months`, `${rates.cashBack} cash back`],
      description: 'Earn cash back on every purchase with no annual fee.',
      features: [
        'No annual or foreign transaction fees',
        'Card lock and alerts in the app',
        'Balance transfers welcome',
      ],
    },
    {
      name: 'Mortgages',
      icon: Home,
      rateLabels: [`from ${rates.mortgageFrom}`],
      description: 'Fixed and adjustable mortgages from a local team that keeps servicing your loan.',
      features: ['Down payments from 3%', 'First-time homebuyer support', 'Refinance and home equity'],
    },
    {
      name: 'Personal Loans',
      icon: HandCoins,
      rateLabels: [`from ${rates.personalLoanFrom}`],
      description: 'Consolidate debt or cover a big expense with one predictable payment.',
      features: ['Borrow $1,000 to $50,000', 'Decisions within one business day', 'No prepayment penalty'],
    },
    {
      name: 'Auto Loans',
      icon: Car,
      rateLabels: [`from ${rates.autoLoanFrom}`],
      description: 'New, used or refinanced — drive away with a lower monthly payment.',
      features: ['Terms up to 84 months', 'Pre-approval before you shop', 'Refinance from another lender'],
    },
  ];
}

function businessProducts(rates: Rates): Product[] {
  return [
    {
      name: 'Business Checking',
      icon: Building2,
      rateLabels: ['No monthly maintenance fee'],
      description: 'Everyday checking built for small businesses, sole traders and non-profits.',
      features: ['Free business debit cards', 'Online and mobile banking', 'Remote check deposit'],
    },
    {
      name: 'Business Savings',
      icon: PiggyBank,
      rateLabels: [`up to ${rates.businessSavingsUpTo} APY`],
      description: 'Put your reserves to work with tiered rates that grow with your balance.',
      features: ['Tiered rates', 'Overdraft protection for checking', 'Federally insured by NCUA'],
    },
    {
      name: 'Business Loans',
      icon: Landmark,
      rateLabels: [`from ${rates.businessLoanFrom}`],
      description: 'Term loans and lines of credit for equipment, vehicles, property or working capital.',
      features: ['Local decisions, local lenders', 'Flexible terms and collateral', 'SBA loan options'],
    },
    {
      name: 'Business Credit Card',
      icon: CreditCard,
      rateLabels: [`${rates.cashBack} cash back`],
      description: 'Manage expenses, separate spending and earn rewards on business purchases.',
      features: ['Employee cards with limits', 'No annual fee', 'Expense reports online'],
    },
    {
      name: 'Merchant Services',
      icon: ShoppingCart,
      rateLabels: ['Next-day funding'],
      description: 'Accept cards in store, online and on the go with transparent pricing.',
      features: ['Point-of-sale and mobile readers', 'Online payment gateway', 'Dedicated local support'],
    },
    {
      name: 'Treasury & Payroll',
      icon: Briefcase,
      rateLabels: ['Tailored pricing'],
      description: 'Cash management, ACH origination and payroll services for growing teams.',
      features: ['ACH and wire transfers', 'Positive pay fraud protection', 'Payroll direct deposit'],
    },
  ];
}
