import { findMessages, type ProductFilter } from "@katale/domain";

/** The product's filter values as a small table (Screen size: 43", Type: Smart); nothing when none. */
export function ProductFilters({ filters }: { filters: readonly ProductFilter[] }) {
  if (filters.length === 0) return null;
  return (
    <section aria-labelledby="product-filters-title" className="mt-6">
      <h2 id="product-filters-title" className="section-title">
        {findMessages.productFilters}
      </h2>
      <table className="mt-2 w-full max-w-md overflow-hidden rounded-lg text-sm ring-1 ring-gray-200">
        <tbody className="divide-y divide-gray-200 bg-white">
          {filters.map((f) => (
            <tr key={f.filterId}>
              <th scope="row" className="w-1/2 bg-gray-50 px-3 py-2 text-left font-medium text-gray-700">
                {f.filterName}
              </th>
              <td className="px-3 py-2 text-gray-900">{f.valueName}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
