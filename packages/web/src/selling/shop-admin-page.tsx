import { useParams } from "react-router";
import { ShopAdminView } from "./shop-admin-view.js";
import { OwnShopGate } from "./shop-own-gate.js";

/** /account/admin-shop/{shop name or id}; /account/admin-shop alone opens the newest of the user's shops. */
export default function ShopAdminPage() {
  const { shop } = useParams();
  return (
    <OwnShopGate shopRef={shop ?? null} padded>
      {(own) => <ShopAdminView key={own.id} shop={own} />}
    </OwnShopGate>
  );
}
