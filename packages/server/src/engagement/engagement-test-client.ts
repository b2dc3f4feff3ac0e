import type { TestServer } from "../testing/test-server.js";

// A small client for the engagement integration tests: a call on the shop service, with or without
// a token (header), answering status, headers and the parsed body (null for an empty one).

export function shopCaller(server: () => TestServer) {
  return async (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    path: string,
    options: { token?: string; body?: Record<string, unknown> } = {},
  ) => {
    const response = await server().app.inject({
      method,
      url: `/api/shop/${path}`,
      ...(options.body ? { payload: options.body } : {}),
      headers: options.token ? { authorization: `Token ${options.token}` } : {},
    });
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.body === "" ? null : response.json(),
    };
  };
}
