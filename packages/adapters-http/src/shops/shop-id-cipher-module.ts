import { PORTS, type ShopIdCipher } from "@katale/domain";
import { ContainerModule } from "inversify";
import { AesShopIdCipher } from "./aes-shop-id-cipher.js";

/** Binds the shop link cipher (spec §5) to AES-GCM under the deployment's secret. */
export function shopIdCipherModule(secret: string): ContainerModule {
  return new ContainerModule(({ bind }) => {
    const cipher: ShopIdCipher = new AesShopIdCipher(secret);
    bind(PORTS.shopIds).toConstantValue(cipher);
  });
}
