import { aSubCategory, InMemorySellerGateway } from "@katale/domain/testing";
import { beforeEach, describe } from "vitest";
import { itBehavesLikeSellerGateways, type SellerFixture } from "./seller-behaviour.js";

// The domain's in-memory fake passes the same suite as the HTTP gateways on the real server.

describe("the in-memory seller gateway", () => {
  let fixture: SellerFixture;

  beforeEach(() => {
    const seller = new InMemorySellerGateway(
      [],
      [aSubCategory({ id: 11, categoryId: 1 }), aSubCategory({ id: 51, categoryId: 5 })],
    );
    let n = 0;
    fixture = {
      gateways: {
        shopAdmin: seller,
        productAdmin: seller,
        shopVerification: seller,
        shops: seller,
        products: seller,
      },
      newUser: async () => {
        n += 1;
        const user = { id: 700 + n, token: `token-${n}`, name: `Seller ${n}` };
        seller.users.push(user);
        return user;
      },
      newAccount: async () => {
        const user = await fixture.newUser();
        seller.newAccounts.add(user.id);
        return user;
      },
      category: { categoryId: 1, subCategoryId: 11 },
      otherSubCategoryId: 51,
      filter: {
        filterId: 3,
        filterName: "Material",
        values: [
          { id: 31, name: "Papyrus" },
          { id: 32, name: "Raffia" },
        ],
        foreignValueId: 61,
      },
    };
    seller.filters = [
      { id: 3, name: "Material", subCategoryId: 11, values: fixture.filter.values },
      { id: 6, name: "Size", subCategoryId: 51, values: [{ id: 61, name: "Large" }] },
    ];
  });

  itBehavesLikeSellerGateways(() => fixture);
});
