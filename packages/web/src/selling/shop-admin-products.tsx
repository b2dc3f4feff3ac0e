import { formatUgx, type Product, shopOwnerMessages } from "@katale/domain";
import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { productPath } from "../products/product-path.js";
import { ResponsiveImage } from "../ui/responsive-image.js";
import { editProductPath } from "./shop-queries.js";

const text = shopOwnerMessages;

/**
 * The owner's products of one tab: image, name, price, how many are in stock (out-of-stock ones
 * too, unlike the public grids), and an Edit link to the product form.
 */
export function ShopAdminProducts({ products }: { products: readonly Product[] }) {
  return (
    <ul className="grid grid-cols-2 gap-2 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
      {products.map((product) => (
        <li key={product.id}>
          <article className="flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white">
            <Link to={productPath(product.slug)} className="group flex flex-1 flex-col">
              <ResponsiveImage
                path={product.images[0]}
                alt={product.name}
                width={480}
                height={480}
                sizes="(min-width: 1280px) 240px, (min-width: 768px) 30vw, 50vw"
                className="aspect-square w-full bg-gray-100 object-cover"
              />
              <div className="flex flex-1 flex-col gap-1 p-2 sm:p-3">
                <h3 className="line-clamp-2 text-sm font-medium text-gray-900 group-hover:text-brand-700 sm:text-base">
                  {product.name}
                </h3>
                <p className={`text-xs ${product.inStock === 0 ? "text-red-700" : "text-gray-600"}`}>
                  {text.inStock(product.inStock)}
                </p>
                <p className="mt-auto font-semibold text-brand-700">{formatUgx(product.price)}</p>
              </div>
            </Link>
            <Link
              to={editProductPath(product.id)}
              aria-label={text.editProduct(product.name)}
              className="flex min-h-11 items-center justify-center gap-1 border-t border-gray-200 text-sm font-medium text-gray-800 hover:bg-gray-50 hover:text-brand-700"
            >
              <Pencil aria-hidden="true" size={16} />
              {text.edit}
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
