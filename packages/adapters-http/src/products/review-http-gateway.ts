import { mapResult, type Result, type ReviewGateway, type ReviewPage } from "@katale/domain";
import { engagementCalls } from "../contract/index.js";
import type { HttpClient } from "../http/http-client.js";

/** GET product/comment/{productId}/?page= over the shared contract. */
export class ReviewHttpGateway implements ReviewGateway {
  constructor(private readonly http: HttpClient) {}

  async listReviews(productId: number, page: number): Promise<Result<ReviewPage>> {
    const answer = await this.http.call(engagementCalls.comments, {
      params: { productId },
      query: { page: String(page) },
    });
    return mapResult(answer, (body) => ({
      total: body.number_of_comments,
      comments: body.data.map((wire) => ({
        id: wire.comment_id,
        comment: wire.comment,
        commentorName: wire.commentor_name,
        commentorProfilePicture: wire.commentor_profile_picture,
        dateCommented: wire.date_commented,
        commentImages: wire.comment_images,
        commentorId: wire.user_id,
      })),
    }));
  }
}
