import { type AdminRoleChange, type AdminRoleGateway, mapResult, type Result } from "@katale/domain";
import { type AdminRoleAnswer, authCalls } from "../contract/auth.js";
import type { HttpClient } from "../http/http-client.js";

// Granting and taking the admin role (issue 10): `POST` / `DELETE users/admin/ {email}`.

const toChange = (body: AdminRoleAnswer): AdminRoleChange => ({
  id: body.user.id,
  email: body.user.email,
  name: body.user.name,
  isAdmin: body.user.is_admin,
});

export class AdminRoleHttpGateway implements AdminRoleGateway {
  constructor(private readonly http: HttpClient) {}

  async grantAdmin(token: string, email: string): Promise<Result<AdminRoleChange>> {
    return mapResult(await this.http.call(authCalls.grantAdmin, { token, body: { email } }), toChange);
  }

  async revokeAdmin(token: string, email: string): Promise<Result<AdminRoleChange>> {
    return mapResult(await this.http.call(authCalls.revokeAdmin, { token, body: { email } }), toChange);
  }
}
