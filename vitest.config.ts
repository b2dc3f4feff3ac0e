import { defineConfig } from "vitest/config";

// One root config, two projects: the fast loop (`unit`) and the slow tests that start servers,
// databases or browsers (`int`, files named *.int.test.ts).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["packages/*/src/**/*.test.ts", "packages/cli/src/**/*.test.tsx"],
          // The web app's tests run in the "web" project, in a simulated DOM.
          exclude: ["**/*.int.test.ts", "**/node_modules/**", "packages/web/**"],
        },
      },
      {
        // Web components (React Testing Library) in a simulated DOM, and the service worker's parts.
        test: {
          name: "web",
          include: ["packages/web/src/**/*.test.tsx", "packages/web/worker/**/*.test.ts"],
          environment: "happy-dom",
          // Several files render at once on two cores: findBy and waitFor wait up to 5 s for what
          // the user waits for (testing-library's default is 1 s), inside a 15 s test.
          setupFiles: ["packages/web/src/testing/setup-dom-waits.ts"],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: "int",
          include: ["packages/*/src/**/*.int.test.ts", "tests/**/*.int.test.ts"],
          exclude: ["**/node_modules/**"],
          globalSetup: ["tests/build-clients.global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Browsers and servers share two cores with another test file: a page may take a few
          // seconds to show what a user is waiting for, so polls wait up to 10 s, not the default 1 s.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // Each file starts its own server on its own database; two cores, so two at a time.
          maxWorkers: 2,
          // Runs after the unit project (whose worker count differs), not beside it.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
