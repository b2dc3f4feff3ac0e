/** Resolves after `ms`: the pause of spec §9 before the next step (a banner shown, a popup opening). */
export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
