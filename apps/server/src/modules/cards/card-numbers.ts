import { randomInt } from 'node:crypto';

/** The context a card's number is sealed under: a sealed number copied to another card does not open. */
export const cardNumberContext = (cardId: string) => `card:${cardId}`;

/** The Luhn check digit that makes `digits` + it a valid card number. */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the right, starting with the digit next to where the check digit goes: double every other one.
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export function isLuhnValid(number: string): boolean {
  return /^\d{2,19}$/.test(number) && luhnCheckDigit(number.slice(0, -1)) === Number(number.at(-1));
}

/** A fresh 16-digit number on the BIN: 9 random digits and the Luhn check digit. Uniqueness is the database's. */
export function newCardNumber(bin: string): string {
  const body = `${bin}${randomInt(0, 1_000_000_000).toString().padStart(9, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/** `•••• •••• •••• 4242`: all the portal ever shows of a number outside View Card Details. */
export const maskedNumber = (last4: string) => `•••• •••• •••• ${last4}`;

/** `4242 4242 4242 4242`. */
export const groupedNumber = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** `MM/YY`. */
export const expiryText = (month: number, year: number) =>
  `${month.toString().padStart(2, '0')}/${(year % 100).toString().padStart(2, '0')}`;

/** A card issued on `at` expires at the end of the month `years` on (what its `MM/YY` means). */
export function expiryFor(at: Date, years: number): { month: number; year: number } {
  return { month: at.getUTCMonth() + 1, year: at.getUTCFullYear() + years };
}

/** Whether a card with this expiry is past it on `day` (`YYYY-MM-DD`, the credit union's day). */
export function isExpired(month: number, year: number, day: string): boolean {
  const [y = 0, m = 0] = day.split('-').map(Number);
  return y > year || (y === year && m > month);
}
