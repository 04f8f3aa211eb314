const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 100000 → "100,000". */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** Amounts configured in millions: 5 → "$5M", 2500 → "$2.5B". */
export function formatMillions(millions: number): string {
  return millions >= 1000 ? `$${oneDecimal.format(millions / 1000)}B` : `$${integer.format(millions)}M`;
}
