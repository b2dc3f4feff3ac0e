import { describe, expect, it } from "vitest";
import { describeConnectionError, isConnectionError, isSafeToRetry } from "./connection-errors.js";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("a lost database", () => {
  it("is told from a bad request", () => {
    expect(isConnectionError(withCode("terminating connection due to administrator command", "57P01"))).toBe(
      true,
    );
    expect(isConnectionError(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(withCode("connection failure", "08006"))).toBe(true);
    expect(isConnectionError(new AggregateError([withCode("refused", "ECONNREFUSED")], ""))).toBe(true);
    // Bad input and our own faults are not.
    expect(isConnectionError(withCode("invalid input syntax for type integer", "22P02"))).toBe(false);
    expect(isConnectionError(withCode("duplicate key value", "23505"))).toBe(false);
    expect(isConnectionError(new Error("boom"))).toBe(false);
    expect(isConnectionError("Connection terminated")).toBe(false);
  });

  it("is described in one line, also when every address refused", () => {
    const refused = new AggregateError([withCode("connect ECONNREFUSED ::1:5432", "ECONNREFUSED")], "");
    expect(describeConnectionError(refused)).toBe("connect ECONNREFUSED ::1:5432");
  });

  it("runs again only what changes nothing", () => {
    expect(isSafeToRetry('select "id" from "products" where "slug" = $1')).toBe(true);
    expect(isSafeToRetry("WITH t AS (SELECT 1) SELECT * FROM t")).toBe(true);
    expect(isSafeToRetry("begin")).toBe(true);
    expect(isSafeToRetry("start transaction isolation level serializable")).toBe(true);
    expect(isSafeToRetry('select "updated_at" from "users"')).toBe(true);
    expect(isSafeToRetry('insert into "feedback" ("name") values ($1)')).toBe(false);
    expect(isSafeToRetry('update "products" set "price" = $1')).toBe(false);
    expect(isSafeToRetry("with d as (delete from t returning id) select * from d")).toBe(false);
    expect(isSafeToRetry('select * from "codes" where "id" = $1 for update')).toBe(false);
    expect(isSafeToRetry("select nextval('products_id_seq')")).toBe(false);
    expect(isSafeToRetry("commit")).toBe(false);
  });
});
