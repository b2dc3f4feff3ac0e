// First: every module after this one may build or run zod schemas.
import "./app/zod-jitless.js";
import "./index.css";
import { firstScreenMessages as messages } from "@katale/domain";
import { startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.js";
import { resolveAppConfig } from "./app/app-config.js";
import { connectServices } from "./app/composition-root.js";
import { prefillFirstScreen } from "./app/first-screen-queries.js";
import { createQueryClient } from "./app/query-client.js";
// The home screen comes with the entry instead of as a lazy chunk of its own (the router still
// imports it lazily, and gets it at once): most visits start on /, and there its code and its small
// shared pieces (cards, images, carousels: ~15 tiny chunks before) arrive with the first download
// instead of a round trip later. A first visit of another screen also downloads the home screen's
// own ~5 KB gzipped, and makes fewer requests.
import "./home/home-page.js";

const root = document.getElementById("root")!;

resolveAppConfig(document, window.location.origin)
  .then(async (config) => {
    // The modules have been evaluated in this task: what follows starts a task of its own.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const services = connectServices(config);
    const queryClient = createQueryClient();
    // The first screen's queries from the answers the page came with, so the first render draws it
    // whole (app/first-screen-queries.ts).
    await prefillFirstScreen(queryClient, services, window.location);
    // A transition: the first render yields to the browser every few milliseconds instead of holding
    // the main thread for the whole tree (one long task on a slow phone), and the page's skeleton
    // stays on screen until the app's first screen is ready to replace it.
    const app = createRoot(root);
    startTransition(() => app.render(<App services={services} queryClient={queryClient} />));
  })
  .catch(() => {
    // Without the configuration there is no service to talk to; say what the user can do.
    root.textContent = messages.common.checkConnection;
  });
