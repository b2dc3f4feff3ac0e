import { config } from "zod";

// The page's Content-Security-Policy forbids eval. Zod would otherwise probe `new Function` before
// compiling its object parsers, and the browser reports the refused probe as a policy violation;
// jitless, it interprets schemas instead (the app validates small bodies: no measurable cost).
config({ jitless: true });
