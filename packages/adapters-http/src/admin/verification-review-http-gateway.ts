import {
  mapResult,
  type Page,
  type Result,
  type VerificationReview,
  type VerificationReviewGateway,
  type VerificationReviewQuery,
} from "@katale/domain";
import { type VerificationRequestWire, verificationCalls } from "../contract/verification.js";
import type { HttpClient } from "../http/http-client.js";
import { toPage } from "../http/page-mapping.js";

// The admins' verification review (issue 10): `verification/requests/` and the decisions.

export function toVerificationReview(wire: VerificationRequestWire): VerificationReview {
  return {
    id: wire.id,
    kind: wire.kind,
    status: wire.status,
    reason: wire.reason,
    submittedAt: wire.submitted_at,
    decidedAt: wire.decided_at,
    user: wire.user,
    shop: wire.shop,
    email: wire.email,
    phone: wire.phone,
    nin: wire.nin,
    locationLatitude: wire.location_latitude,
    locationLongitude: wire.location_longitude,
    documents: wire.documents,
  };
}

export class VerificationReviewHttpGateway implements VerificationReviewGateway {
  constructor(private readonly http: HttpClient) {}

  async listRequests(
    token: string,
    query: VerificationReviewQuery = {},
  ): Promise<Result<Page<VerificationReview>>> {
    const page = query.page ?? 1;
    const answer = await this.http.call(verificationCalls.listRequests, {
      token,
      query: {
        kind: query.kind,
        status: query.status,
        search: query.search?.trim() || undefined,
        page: page === 1 ? undefined : page,
      },
    });
    return mapResult(answer, (body) => toPage(body, page, toVerificationReview));
  }

  async getRequest(token: string, requestId: number): Promise<Result<VerificationReview>> {
    const answer = await this.http.call(verificationCalls.getRequest, { token, params: { id: requestId } });
    return mapResult(answer, toVerificationReview);
  }

  async approve(token: string, requestId: number): Promise<Result<VerificationReview>> {
    const answer = await this.http.call(verificationCalls.approve, { token, params: { id: requestId } });
    return mapResult(answer, toVerificationReview);
  }

  async reject(token: string, requestId: number, reason: string): Promise<Result<VerificationReview>> {
    const answer = await this.http.call(verificationCalls.reject, {
      token,
      params: { id: requestId },
      body: { reason },
    });
    return mapResult(answer, toVerificationReview);
  }

  async revoke(token: string, requestId: number, reason: string): Promise<Result<VerificationReview>> {
    const answer = await this.http.call(verificationCalls.revoke, {
      token,
      params: { id: requestId },
      body: { reason },
    });
    return mapResult(answer, toVerificationReview);
  }
}
