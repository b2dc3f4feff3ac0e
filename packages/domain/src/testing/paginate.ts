// The fakes page lists exactly as the service does: with the domain's own rule.
export { paginate } from "../page.js";
