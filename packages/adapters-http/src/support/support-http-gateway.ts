import {
  type Faq,
  type Feedback,
  mapResult,
  type NewFeedback,
  type Result,
  type SupportGateway,
} from "@katale/domain";
import { supportCalls } from "../contract/support.js";
import type { HttpClient } from "../http/http-client.js";
import { toFaq, toFeedback } from "./support-wire-mapping.js";

export class SupportHttpGateway implements SupportGateway {
  constructor(private readonly http: HttpClient) {}

  async listFaqs(): Promise<Result<Faq[]>> {
    return mapResult(await this.http.call(supportCalls.faqs), (body) => body.data.map(toFaq));
  }

  async listFeedback(): Promise<Result<Feedback[]>> {
    return mapResult(await this.http.call(supportCalls.feedback), (body) => body.data.map(toFeedback));
  }

  async sendFeedback(feedback: NewFeedback): Promise<Result<Feedback>> {
    const answer = await this.http.call(supportCalls.addFeedback, { body: feedback });
    return mapResult(answer, (body) => toFeedback(body.data));
  }
}
