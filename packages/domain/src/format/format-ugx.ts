const grouping = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** 1250000 -> "UGX 1,250,000" (spec §9: UGX with thousands separators). */
export function formatUgx(amount: number): string {
  return `UGX ${grouping.format(amount)}`;
}
