import { createContext, type ReactNode, useContext } from "react";
import type { Services } from "./services.js";

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

/** For hooks: the ports bound in the composition root. */
export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (services === null) throw new Error("useServices outside ServicesProvider");
  return services;
}
