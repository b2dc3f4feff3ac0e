/**
 * A fake wrapped so a test can count the requests a use case makes: each method called is written
 * to `calls`, in order, before the fake answers.
 */
export function withCallLog<T extends object>(fake: T): { readonly gateway: T; readonly calls: string[] } {
  const calls: string[] = [];
  const gateway = new Proxy(fake, {
    get(target, property, receiver) {
      const member: unknown = Reflect.get(target, property, receiver);
      if (typeof member !== "function") return member;
      return (...args: unknown[]) => {
        calls.push(String(property));
        return member.apply(target, args);
      };
    },
  });
  return { gateway, calls };
}
