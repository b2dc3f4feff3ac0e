/** The first pause after a drop, before jitter. */
export const RECONNECT_BASE_MS = 1_000;
/** The longest pause between two attempts. */
export const RECONNECT_CAP_MS = 30_000;

/**
 * How long to wait before the attempt after `failures` failed ones (0 after a drop): 1 s, 2 s, 4 s
 * ... at most 30 s, each shortened at random by up to half, so that the phones a restart dropped do
 * not all come back in the same instant. `random` in [0, 1).
 */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_CAP_MS, RECONNECT_BASE_MS * 2 ** Math.min(failures, 30));
  return Math.round(ceiling * (1 - random() / 2));
}
