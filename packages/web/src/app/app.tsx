import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./query-client.js";
import { AppRoutes } from "./router.js";
import type { Services } from "./services.js";
import { ServicesProvider } from "./services-context.js";

/** `queryClient`: one the caller filled already (main.tsx, the first screen's answers); else a new one. */
export function App({ services, queryClient: filled }: { services: Services; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => filled ?? createQueryClient());
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </ServicesProvider>
  );
}
