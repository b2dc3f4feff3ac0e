import { type Comment, mapResult, type Result, type ReviewGateway, type ReviewPage } from "@katale/domain";
import { engagementCalls } from "../contract/engagement.js";
import { toComment } from "../engagement/engagement-wire-mapping.js";
import type { HttpClient } from "../http/http-client.js";

/** product/comment/… over the shared contract; writes send the token in the Authorization header. */
export class ReviewHttpGateway implements ReviewGateway {
  constructor(private readonly http: HttpClient) {}

  async listReviews(productId: number, page: number): Promise<Result<ReviewPage>> {
    const answer = await this.http.call(engagementCalls.comments, {
      params: { productId },
      query: { page: String(page) },
    });
    return mapResult(answer, (body) => ({
      total: body.number_of_comments,
      comments: body.data.map(toComment),
    }));
  }

  async listUserReviews(userId: number): Promise<Result<ReviewPage>> {
    const answer = await this.http.call(engagementCalls.userComments, { params: { userId } });
    return mapResult(answer, (body) => ({
      total: body.number_of_comments,
      comments: body.data.map(toComment),
    }));
  }

  async addReview(token: string, productId: number, text: string): Promise<Result<Comment>> {
    // The spec's call is a form (spec §7 POST product/comment/).
    const answer = await this.http.call(engagementCalls.addComment, {
      token,
      form: { comment: text, product_id: productId },
    });
    return mapResult(answer, (body) => toComment(body.data));
  }

  async editReview(token: string, commentId: number, text: string): Promise<Result<Comment>> {
    const answer = await this.http.call(engagementCalls.editComment, {
      token,
      params: { id: commentId },
      body: { comment: text },
    });
    return mapResult(answer, (body) => toComment(body.data));
  }

  async deleteReview(token: string, commentId: number): Promise<Result<void>> {
    const answer = await this.http.call(engagementCalls.deleteComment, { token, params: { id: commentId } });
    return mapResult(answer, () => undefined);
  }
}
