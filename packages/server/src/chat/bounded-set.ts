/** A set of numbers that forgets its oldest entries past `max`. */
export class BoundedSet {
  private readonly items = new Set<number>();
  constructor(private readonly max: number) {}
  add(item: number): void {
    this.items.add(item);
    if (this.items.size > this.max) this.items.delete(this.items.values().next().value as number);
  }
  has(item: number): boolean {
    return this.items.has(item);
  }
}
