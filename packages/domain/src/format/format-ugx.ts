// No Intl.NumberFormat for the usual case, a whole number of shillings: building one costs a slow
// phone ~80 ms (issue 13), on the first price the page shows. The grouping below writes what the
// en-US format writes; anything else (fractions, -0, huge or not finite) still goes through it,
// made on first need. Counts go through it too ("1,234 products"): toLocaleString builds the same.
let grouping: Intl.NumberFormat | undefined;

/** 1234567 -> "1,234,567", as en-US groups it. */
export function formatCount(amount: number): string {
  if (Number.isSafeInteger(amount) && !Object.is(amount, -0)) {
    const digits = String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
    return amount < 0 ? `-${digits}` : digits;
  }
  grouping ??= new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
  return grouping.format(amount);
}

/** 1250000 -> "UGX 1,250,000" (spec §9: UGX with thousands separators). */
export function formatUgx(amount: number): string {
  return `UGX ${formatCount(amount)}`;
}
