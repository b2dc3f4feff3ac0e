import { configure } from "@testing-library/react";

// The web project's setup (vitest.config.ts): findBy and waitFor give up after 5 s, not 1 s.
configure({ asyncUtilTimeout: 5_000 });
