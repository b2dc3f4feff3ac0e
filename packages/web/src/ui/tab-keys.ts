/**
 * The tab a key moves to in a row of `count` ARIA tabs (WAI-ARIA tabs pattern): ArrowRight and
 * ArrowLeft wrap around, Home and End go to the ends; null for any other key.
 */
export function tabIndexForKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case "ArrowRight":
      return (index + 1) % count;
    case "ArrowLeft":
      return (index + count - 1) % count;
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}
