import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { BrowserRouter } from "react-router";
import { createQueryClient } from "./query-client.js";
import { AppRoutes } from "./router.js";
import type { Services } from "./services.js";
import { ServicesProvider } from "./services-context.js";

export function App({ services }: { services: Services }) {
  const [queryClient] = useState(createQueryClient);
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
