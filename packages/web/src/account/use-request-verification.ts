import { requestUserVerification, type UserVerificationForm } from "@katale/domain";
import { useServices } from "../app/services-context.js";

/** Sends the signed-in user's verification request (details, ID image, photo). */
export function useRequestUserVerification() {
  const { userVerification, local } = useServices();
  return (values: UserVerificationForm) =>
    requestUserVerification({ verification: userVerification, storage: local }, values);
}
