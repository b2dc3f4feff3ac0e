import { adminServerMessages } from "@katale/domain";
import type { FastifyReply } from "fastify";
import { sendError } from "../http/error-reply.js";
import { CATEGORY_NOT_FOUND, SUB_CATEGORY_NOT_FOUND } from "../http/not-found-messages.js";

// The answers of the admins' catalogue calls that refuse a change: a name taken within its parent
// (409), an unknown id (404), a category or sub category that still holds products (409).

const m = adminServerMessages;

export const catalogueRefusals = {
  categoryExists: (reply: FastifyReply) =>
    sendError(reply, 409, "category_exists", { detail: m.categoryExists }),
  subCategoryExists: (reply: FastifyReply) =>
    sendError(reply, 409, "category_exists", { detail: m.subCategoryExists }),
  filterExists: (reply: FastifyReply) => sendError(reply, 409, "filter_exists", { detail: m.filterExists }),
  valueExists: (reply: FastifyReply) =>
    sendError(reply, 409, "filter_exists", { detail: m.filterValueExists }),
  categoryNotFound: (reply: FastifyReply) =>
    sendError(reply, 404, "category_not_found", { detail: CATEGORY_NOT_FOUND }),
  subCategoryNotFound: (reply: FastifyReply) =>
    sendError(reply, 404, "sub_category_not_found", { detail: SUB_CATEGORY_NOT_FOUND }),
  filterNotFound: (reply: FastifyReply) =>
    sendError(reply, 404, "filter_not_found", { detail: m.filterNotFound }),
  valueNotFound: (reply: FastifyReply) =>
    sendError(reply, 404, "filter_value_not_found", { detail: m.filterValueNotFound }),
  categoryInUse: (reply: FastifyReply, products: number) =>
    sendError(reply, 409, "category_in_use", { detail: m.categoryHoldsProducts(products) }),
  subCategoryInUse: (reply: FastifyReply, products: number) =>
    sendError(reply, 409, "category_in_use", { detail: m.subCategoryHoldsProducts(products) }),
};
