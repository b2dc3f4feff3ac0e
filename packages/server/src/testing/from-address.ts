import http from "node:http";

// Real HTTP requests from a chosen loopback address (Linux answers on all of 127.0.0.0/8): several
// clients, each with an address of its own, against the real server's socket.

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read the answers' fields.
  body: any;
  headers: http.IncomingHttpHeaders;
}

export class FromAddress {
  private readonly agent: http.Agent;

  constructor(readonly address: string) {
    this.agent = new http.Agent({ keepAlive: true, localAddress: address });
  }

  /** POST of a JSON body (or GET without one); the status, the parsed body and the headers. */
  send(url: string, body?: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method: payload === undefined ? "GET" : "POST",
          agent: this.agent,
          headers: payload === undefined ? {} : { "content-type": "application/json" },
        },
        (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            text += chunk;
          });
          res.on("end", () => {
            const json = res.headers["content-type"]?.includes("json") && text ? JSON.parse(text) : text;
            resolve({ status: res.statusCode ?? 0, body: json, headers: res.headers });
          });
        },
      );
      req.on("error", reject);
      req.end(payload);
    });
  }

  post(url: string, body: unknown): Promise<Answer> {
    return this.send(url, body);
  }

  close(): void {
    this.agent.destroy();
  }
}
